import { useState } from 'react';
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Tag,
  TextArea,
} from '@blueprintjs/core';
import useSWR from 'swr';
import { configKindRoute } from '@feibao/domain/rules/config';
import { RulesApiError, rulesFetcher, rulesRequest } from '../api/client.ts';
import { notify } from '../api/notify.ts';
import { formatAt } from '../review/model.ts';
import { Loaded, RulesScreen } from '../review/Screen.tsx';
import {
  bodyOf,
  configFields,
  type ConfigDraft,
  type ConfigEntry,
  type DictionaryKind,
  draftOf,
  draftProblem,
  effectLabel,
  effectOptions,
} from './model.ts';
import { TableScroll } from '../layout/TableScroll.tsx';
import { useForm } from '../../shared/form.tsx';

type Filter = { q: string; enabled: 'all' | 'true' | 'false' };
const listPath = (kind: DictionaryKind, filter: Filter) => {
  const query = new URLSearchParams({ kind });
  if (filter.q.trim()) query.set('q', filter.q.trim());
  if (filter.enabled !== 'all') query.set('enabled', filter.enabled);
  return `/api/v1/rules/config?${query}`;
};

/** One rule dictionary (规则配置): search, enabled filter, create and edit, enable and disable. */
export const ConfigPage = ({ kind }: { kind: DictionaryKind }) => {
  const [filter, setFilter] = useState<Filter>({ q: '', enabled: 'all' });
  const [editing, setEditing] = useState<ConfigEntry | 'new' | null>(null);
  const { data, error, mutate } = useSWR<ConfigEntry[]>(listPath(kind, filter), rulesFetcher, {
    revalidateOnFocus: false,
    keepPreviousData: true,
  });
  const toggle = async (entry: ConfigEntry) => {
    const action = entry.enabled ? 'disable' : 'enable';
    try {
      await rulesRequest(`/api/v1/rules/config/${action}`, { method: 'POST', body: { kind, code: entry.code } });
      notify.success(entry.enabled ? '已停用' : '已启用');
      await mutate();
    } catch {
      // rulesRequest has already told the user why.
    }
  };
  return (
    <RulesScreen route={configKindRoute[kind]} testId={`rules-config-${kind}`}>
      <div className="rp-toolbar">
        <InputGroup
          leftIcon="search"
          placeholder="搜索编码、名称或内容"
          value={filter.q}
          onValueChange={(q) => setFilter((f) => ({ ...f, q }))}
          aria-label="搜索配置"
        />
        <HTMLSelect
          aria-label="启用状态"
          value={filter.enabled}
          onChange={(e) => setFilter((f) => ({ ...f, enabled: e.target.value as Filter['enabled'] }))}
          options={[
            { value: 'all', label: '全部状态' },
            { value: 'true', label: '已启用' },
            { value: 'false', label: '已停用' },
          ]}
        />
        <Button icon="refresh" text="刷新" onClick={() => void mutate()} />
        <Button
          icon="add"
          intent="primary"
          text="新增"
          onClick={() => setEditing('new')}
          data-testid="rules-config-new"
        />
      </div>
      <Loaded data={data} error={error} retry={() => void mutate()}>
        {(entries) => (
          <ConfigTable kind={kind} entries={entries} onEdit={setEditing} onToggle={(e) => void toggle(e)} />
        )}
      </Loaded>
      {editing && (
        <EntryDialog
          kind={kind}
          entry={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onDone={() => void mutate()}
        />
      )}
    </RulesScreen>
  );
};

const ConfigTable = ({
  kind,
  entries,
  onEdit,
  onToggle,
}: {
  kind: DictionaryKind;
  entries: ConfigEntry[];
  onEdit: (e: ConfigEntry) => void;
  onToggle: (e: ConfigEntry) => void;
}) => {
  if (!entries.length) return <p className="rp-muted">没有符合条件的配置项。</p>;
  const fields = configFields[kind];
  return (
    <TableScroll label="配置项">
      <table className="bp6-html-table bp6-html-table-striped rp-table" data-testid="rules-config-table">
        <thead>
          <tr>
            <th>编码</th>
            {fields.map((f) => (
              <th key={f.key}>{f.label}</th>
            ))}
            <th>状态</th>
            <th>更新</th>
            <th>操作</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.code} data-testid="rules-config-row" data-code={e.code}>
              <td>{e.code}</td>
              {fields.map((f) => (
                <td key={f.key}>{f.input === 'effect' ? effectLabel(e[f.key]) : e[f.key]}</td>
              ))}
              <td>
                <Tag minimal intent={e.enabled ? 'success' : 'none'} data-testid="rules-config-status">
                  {e.enabled ? '已启用' : '已停用'}
                </Tag>
              </td>
              <td>
                {e.updatedBy}
                <span className="rp-muted">{formatAt(e.updatedAt)}</span>
              </td>
              <td>
                <Button
                  variant="minimal"
                  size="small"
                  intent="primary"
                  text="编辑"
                  onClick={() => onEdit(e)}
                  aria-label={`编辑 ${e.code}`}
                />
                <Button
                  variant="minimal"
                  size="small"
                  intent={e.enabled ? 'danger' : 'success'}
                  text={e.enabled ? '停用' : '启用'}
                  onClick={() => onToggle(e)}
                  aria-label={`${e.enabled ? '停用' : '启用'} ${e.code}`}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
};

const EntryDialog = ({
  kind,
  entry,
  onClose,
  onDone,
}: {
  kind: DictionaryKind;
  entry: ConfigEntry | null;
  onClose: () => void;
  onDone: () => void;
}) => {
  const { values: draft, set } = useForm<ConfigDraft>(() => draftOf(kind, entry));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const save = async () => {
    const local = draftProblem(kind, draft);
    if (local) return setProblem(local);
    setBusy(true);
    setProblem(null);
    try {
      await rulesRequest(`/api/v1/rules/config/${entry ? 'update' : 'create'}`, {
        method: 'POST',
        body: bodyOf(kind, draft),
      });
      notify.success(entry ? '已保存' : '已新增');
      onDone();
      onClose();
    } catch (error) {
      setProblem(error instanceof RulesApiError ? error.message : '保存失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog isOpen onClose={onClose} title={entry ? `编辑：${entry.code}` : '新增配置项'} className="rp-step-dialog">
      <DialogBody>
        <FormGroup label="编码" labelFor="rules-config-code" labelInfo="（必填，字母、数字、下划线、点或横线）">
          <InputGroup
            id="rules-config-code"
            value={draft.code ?? ''}
            disabled={entry !== null}
            maxLength={40}
            onValueChange={(v) => set('code', v)}
            autoFocus={entry === null}
          />
        </FormGroup>
        {configFields[kind].map((f) => (
          <FormGroup
            key={f.key}
            label={f.label}
            labelFor={`rules-config-${f.key}`}
            labelInfo={f.required ? '（必填）' : undefined}
          >
            {f.input === 'effect' ? (
              <HTMLSelect
                id={`rules-config-${f.key}`}
                fill
                value={draft[f.key]}
                onChange={(e) => set(f.key, e.target.value)}
                options={effectOptions}
              />
            ) : f.input === 'textarea' ? (
              <TextArea
                id={`rules-config-${f.key}`}
                fill
                rows={2}
                maxLength={f.max}
                value={draft[f.key] ?? ''}
                onChange={(e) => set(f.key, e.target.value)}
              />
            ) : (
              <InputGroup
                id={`rules-config-${f.key}`}
                maxLength={f.max}
                value={draft[f.key] ?? ''}
                onValueChange={(v) => set(f.key, v)}
              />
            )}
          </FormGroup>
        ))}
        {problem && (
          <Callout intent="danger" data-testid="rules-config-problem">
            {problem}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="取消" onClick={onClose} />
            <Button
              intent="primary"
              text="保存"
              loading={busy}
              onClick={() => void save()}
              data-testid="rules-config-save"
            />
          </>
        }
      />
    </Dialog>
  );
};
