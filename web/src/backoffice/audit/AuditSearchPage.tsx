/**
 * 审计查询 (/backoffice/audit): one box finds any order or claim by its number, policy number,
 * phone or company name. The search and the page live in the address so a reload or a shared
 * link shows the same results; a row opens that order's or claim's timeline.
 */
import { useEffect, useState } from 'react';
import { Button, Card, HTMLTable, InputGroup, Spinner, Tag } from '@blueprintjs/core';
import { NonIdealState } from '../../shared/NonIdealState.tsx';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { dateTime } from '../../claims/labels.ts';
import { ListPager, usePageParam } from '../../shared/ListPager.tsx';
import { BackofficeFrame } from '../BackofficeFrame.tsx';
import { AUDIT_SEARCH_SIZE, type AuditSearchRow, useAuditSearch } from './api.ts';
import { auditPath, kindName } from './labels.ts';
import './audit.css';

export const AuditSearchPage = () => (
  <BackofficeFrame area="audit" testId="audit-search">
    <AuditSearch />
  </BackofficeFrame>
);

const AuditSearch = () => {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const { page } = usePageParam();
  const list = useAuditSearch(q, page);
  const [text, setText] = useState(q);
  useEffect(() => setText(q), [q]);
  const search = (value: string) => {
    const next = new URLSearchParams();
    if (value) next.set('q', value);
    setParams(next);
  };

  return (
    <>
      <h1 className="fb-page-title">审计查询</h1>
      <Card className="fb-card fb-audit-card">
        <form
          className="fb-audit-search"
          onSubmit={(e) => {
            e.preventDefault();
            search(text.trim());
          }}
        >
          <InputGroup
            large
            type="search"
            leftIcon="search"
            aria-label="搜索订单或理赔单"
            placeholder="订单号、理赔单号、保单号、手机号或公司名称"
            value={text}
            maxLength={64}
            data-testid="audit-query"
            onChange={(e) => setText(e.target.value)}
          />
          <Button large type="submit" intent="primary" text="查询" data-testid="audit-submit" />
        </form>
        <p className="fb-muted fb-audit-hint">编号、保单号和手机号按开头匹配（不区分大小写），公司名称按包含匹配。</p>
        {q ? (
          <Results list={list} />
        ) : (
          <NonIdealState
            icon="search"
            title="输入关键字开始查询"
            description="可查询任意订单或理赔单的完整变更记录。"
          />
        )}
        <ListPager data={list.data} pageSize={AUDIT_SEARCH_SIZE} testId="audit-pager" />
      </Card>
    </>
  );
};

const Results = ({ list }: { list: ReturnType<typeof useAuditSearch> }) => {
  const navigate = useNavigate();
  if (list.error)
    return (
      <NonIdealState
        icon="error"
        title="查询失败"
        description={(list.error as Error).message}
        action={<Button text="重试" onClick={() => void list.mutate()} />}
      />
    );
  const rows = list.data?.datas;
  if (!rows)
    return (
      <div className="fb-loading-block" aria-busy="true">
        <Spinner size={28} />
        <div>正在查询…</div>
      </div>
    );
  if (rows.length === 0)
    return (
      <NonIdealState icon="search" title="没有找到匹配的订单或理赔单" description="请检查输入，或换一个关键字。" />
    );
  const open = (row: AuditSearchRow) => navigate(auditPath(row.kind, row.id));
  return (
    <HTMLTable className="fb-audit-table" interactive striped aria-label="查询结果" data-testid="audit-results">
      <thead>
        <tr>
          <th>类型</th>
          <th>编号</th>
          <th>保单号</th>
          <th>手机号</th>
          <th>公司名称</th>
          <th>状态</th>
          <th>最近变更</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr
            key={`${row.kind}:${row.id}`}
            data-testid="audit-row"
            data-kind={row.kind}
            data-id={row.id}
            onClick={() => open(row)}
          >
            <td>
              <Tag minimal intent={row.kind === 'order' ? 'primary' : 'warning'}>
                {kindName(row.kind)}
              </Tag>
            </td>
            <td>
              {/* A real link too, so the row opens with the keyboard or in a new tab. */}
              <Link to={auditPath(row.kind, row.id)} onClick={(e) => e.stopPropagation()}>
                {row.number}
              </Link>
            </td>
            <td>{row.policyNo ?? '—'}</td>
            <td>{row.phone}</td>
            <td>{row.companyName ?? '—'}</td>
            <td>{row.stateName || '—'}</td>
            <td>{dateTime(row.updatedAt)}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
};
