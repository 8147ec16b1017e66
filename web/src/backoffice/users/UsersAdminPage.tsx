/**
 * 用户与角色 (/backoffice/users): every account, searchable by phone, name or company and filterable
 * by role, with a role editor per account. Search, role and page live in the address. Admins only;
 * the server refuses everyone else on every call anyway.
 */
import { useEffect, useState } from 'react';
import { Button, Card, HTMLSelect, HTMLTable, InputGroup, Spinner, Tag } from '@blueprintjs/core';
import { NonIdealState } from '../../shared/NonIdealState.tsx';
import { useSearchParams } from 'react-router-dom';
import { EDITABLE_ROLES, type UserListRow } from '@feibao/domain/accounts/roleAdmin';
import { ListPager, usePageParam } from '../../shared/ListPager.tsx';
import { BackofficeFrame } from '../BackofficeFrame.tsx';
import { USER_PAGE_SIZE, useUserPage } from './api.ts';
import { dateTime, registerTypeLabel, roleLabel } from './labels.ts';
import { RoleEditorDialog } from './RoleEditorDialog.tsx';
import './users.css';

export const UsersAdminPage = () => (
  <BackofficeFrame area="users" testId="users-admin">
    <UsersAdmin />
  </BackofficeFrame>
);

const UsersAdmin = () => {
  const [params, setParams] = useSearchParams();
  const { page } = usePageParam();
  const q = params.get('q') ?? '';
  const role = params.get('role') ?? '';
  const list = useUserPage(page, { q, role });
  const [editing, setEditing] = useState<UserListRow | null>(null);

  const update = (patch: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === '') next.delete(k);
      else next.set(k, v);
    }
    next.delete('page');
    setParams(next);
  };

  return (
    <>
      <div className="fb-row-between">
        <h1 className="fb-page-title">用户与角色</h1>
        <Button icon="refresh" text="刷新" loading={list.isValidating} onClick={() => void list.mutate()} />
      </div>
      <Card className="fb-card fb-users-card">
        <div className="fb-users-bar">
          <SearchBox value={q} onSearch={(text) => update({ q: text })} />
          <HTMLSelect
            aria-label="按角色筛选"
            value={role}
            data-testid="users-role-filter"
            options={[
              { value: '', label: '全部角色' },
              ...EDITABLE_ROLES.map((r) => ({ value: r, label: roleLabel(r) })),
            ]}
            onChange={(e) => update({ role: e.target.value })}
          />
        </div>
        <UserTable list={list} onEdit={setEditing} />
        <ListPager data={list.data} pageSize={USER_PAGE_SIZE} testId="users-pager" />
      </Card>
      <p className="fb-muted fb-users-note">
        角色变更后，该用户在下次刷新登录凭证时获得新角色：重新登录后立即生效，已登录的会话在访问令牌到期续期时生效。
      </p>
      {editing && <RoleEditorDialog user={editing} onClose={() => setEditing(null)} onSaved={() => list.mutate()} />}
    </>
  );
};

/** Enter searches; clearing the box shows everyone again. */
const SearchBox = ({ value, onSearch }: { value: string; onSearch: (v: string) => void }) => {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <form
      className="fb-users-search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text.trim());
      }}
    >
      <InputGroup
        type="search"
        leftIcon="search"
        aria-label="搜索用户"
        placeholder="手机号、姓名或企业名称"
        value={text}
        maxLength={50}
        data-testid="users-search"
        onChange={(e) => {
          setText(e.target.value);
          if (e.target.value === '') onSearch('');
        }}
        rightElement={<Button type="submit" variant="minimal" text="搜索" />}
      />
    </form>
  );
};

type ListState = ReturnType<typeof useUserPage>;

const UserTable = ({ list, onEdit }: { list: ListState; onEdit: (row: UserListRow) => void }) => {
  if (list.error)
    return (
      <NonIdealState
        icon="error"
        title="加载失败"
        description={(list.error as Error).message}
        action={<Button text="重试" onClick={() => void list.mutate()} />}
      />
    );
  const rows = list.data?.datas;
  if (!rows)
    return (
      <div className="fb-loading-block" aria-busy="true">
        <Spinner size={28} />
        <div>正在加载用户…</div>
      </div>
    );
  if (rows.length === 0) return <NonIdealState icon="people" title="暂无数据" description="没有符合条件的用户。" />;
  return (
    <div className="fb-table-scroll">
      <HTMLTable compact striped className="fb-table fb-users-table" aria-label="用户列表">
        <thead>
          <tr>
            <th>手机号</th>
            <th>姓名</th>
            <th>企业名称</th>
            <th>类型</th>
            <th>角色</th>
            <th>注册时间</th>
            <th>最近登录</th>
            <th>操作</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.mobilePhone} data-testid="users-row" data-phone={row.mobilePhone}>
              <td className="fb-nowrap">{row.mobilePhone}</td>
              <td>{row.name}</td>
              <td>{row.companyName ?? '—'}</td>
              <td className="fb-nowrap">{registerTypeLabel(row.registerType)}</td>
              <td data-testid="users-roles">
                <span className="fb-users-tags">
                  {row.roles.map((r) => (
                    <Tag
                      key={r}
                      minimal={r === 'user'}
                      intent={r === 'admin' ? 'danger' : r === 'user' ? 'none' : 'primary'}
                      data-role={r}
                    >
                      {roleLabel(r)}
                    </Tag>
                  ))}
                </span>
              </td>
              <td className="fb-nowrap">{dateTime(row.createdAt)}</td>
              <td className="fb-nowrap">{dateTime(row.lastLoginAt)}</td>
              <td>
                <Button size="small" icon="edit" text="编辑角色" data-testid="users-edit" onClick={() => onEdit(row)} />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
};
