/**
 * The role editor of one account: a checkbox per staff role, a required reason, and the account's
 * role history. Saving grants the ticked roles and revokes the unticked ones (api.ts `saveRoles`).
 */
import { useState } from 'react';
import {
  Button,
  Callout,
  Checkbox,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLTable,
  Spinner,
  TextArea,
} from '@blueprintjs/core';
import { NonIdealState } from '../../shared/NonIdealState.tsx';
import { EDITABLE_ROLES, roleChanges, type UserListRow } from '@feibao/domain/accounts/roleAdmin';
import { notifyError, toast } from '../../api/toaster.ts';
import { saveRoles, useRoleHistory } from './api.ts';
import { actionLabels, actorText, dateTime, roleLabel } from './labels.ts';

type Props = { user: UserListRow; onClose: () => void; onSaved: () => Promise<unknown> };

export const RoleEditorDialog = ({ user, onClose, onSaved }: Props) => {
  const [wanted, setWanted] = useState<string[]>(user.roles);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const history = useRoleHistory(user.mobilePhone);
  const changes = roleChanges(user.roles, wanted);
  const changed = changes.grant.length + changes.revoke.length > 0;

  const toggle = (role: string, on: boolean) =>
    setWanted((all) => (on ? [...all, role] : all.filter((r) => r !== role)));

  const save = async () => {
    if (reason.trim() === '') {
      setProblem('请填写原因');
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      const messages = await saveRoles(user.mobilePhone, user.roles, wanted, reason.trim());
      toast.success(messages.join('，'));
      onClose();
    } catch (e) {
      notifyError(e);
      // A grant may have landed before a refused revocation: show what holds now.
      void history.mutate();
    } finally {
      setBusy(false);
      void onSaved();
    }
  };

  return (
    <Dialog
      isOpen
      title={`编辑角色：${user.name}（${user.mobilePhone}）`}
      onClose={onClose}
      style={{ width: 720 }}
      className="fb-users-dialog"
    >
      <DialogBody>
        <FormGroup label="角色" helperText="普通用户角色每个账号都有，不能撤销。">
          <div className="fb-users-checks" data-testid="users-role-checks">
            {EDITABLE_ROLES.map((role) => (
              <Checkbox
                key={role}
                inline
                label={roleLabel(role)}
                checked={wanted.includes(role)}
                data-testid={`users-role-${role}`}
                onChange={(e) => toggle(role, e.currentTarget.checked)}
              />
            ))}
          </div>
        </FormGroup>
        <FormGroup label="原因" labelFor="users-reason" labelInfo="（必填）">
          <TextArea
            id="users-reason"
            fill
            rows={2}
            maxLength={200}
            value={reason}
            placeholder="例如：新入职理赔岗"
            data-testid="users-reason"
            onChange={(e) => setReason(e.target.value)}
          />
        </FormGroup>
        {problem && (
          <Callout intent="danger" compact data-testid="users-problem">
            {problem}
          </Callout>
        )}
        <Callout compact icon="info-sign" className="fb-users-callout">
          该用户将在下次刷新登录凭证时获得新角色（重新登录后立即生效）。
        </Callout>
        <h3 className="fb-users-history-title">角色变更记录</h3>
        <RoleHistory history={history} />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="取消" onClick={onClose} />
            <Button
              intent="primary"
              text="保存"
              disabled={!changed}
              loading={busy}
              data-testid="users-save"
              onClick={() => void save()}
            />
          </>
        }
      />
    </Dialog>
  );
};

const RoleHistory = ({ history }: { history: ReturnType<typeof useRoleHistory> }) => {
  if (history.error)
    return (
      <Callout intent="danger" compact>
        {(history.error as Error).message}
      </Callout>
    );
  if (!history.data) return <Spinner size={20} />;
  if (history.data.length === 0) return <NonIdealState icon="history" description="暂无记录" />;
  return (
    <div className="fb-users-history">
      <HTMLTable compact className="fb-table" aria-label="角色变更记录">
        <thead>
          <tr>
            <th>时间</th>
            <th>操作</th>
            <th>角色</th>
            <th>操作人</th>
            <th>原因</th>
          </tr>
        </thead>
        <tbody>
          {history.data.map((entry) => (
            <tr
              key={`${entry.at}-${entry.action}-${entry.roles.join(',')}`}
              data-testid="users-history-row"
              data-action={entry.action}
            >
              <td className="fb-nowrap">{dateTime(entry.at)}</td>
              <td className="fb-nowrap">{actionLabels[entry.action]}</td>
              <td>{entry.roles.map(roleLabel).join('、')}</td>
              <td className="fb-nowrap">{actorText(entry.by)}</td>
              <td>{entry.reason}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
};
