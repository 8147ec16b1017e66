/**
 * The claim list (/platform/applyForCompensation, /settlementOfClaim/index and their /touch
 * twins): table on desktop, cards on mobile, 20 a page. Row buttons come from the row's
 * `actions` (docs/glossary.md "Claim actions"); filters live in the address.
 */
import { type ReactNode, useMemo, useState } from 'react';
import { Alert, Button, Card, HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSession } from '../api/session.ts';
import { notifyError, toast } from '../api/toaster.ts';
import { BackToTop } from '../shared/BackToTop.tsx';
import { TouchPageBar } from '../shared/TouchPageBar.tsx';
import { routesOf, useLoginPrompt } from '../shared/site.ts';
import type { Variant } from '../shared/site.ts';
import { CLAIM_LIST_SIZE, can, useClaimPage, withdrawClaim } from './api.ts';
import type { ClaimListRow } from './api.ts';
import { ClaimFilterBar } from './ClaimFilterBar.tsx';
import { accidentTypeLabel, claimStateIntent, claimStateLabel, claimStateMinimal, dateTime, money, overdueLabel, reportHref } from './labels.ts';
import { hasClaimFilters, readClaimListQuery, toClaimFilters, writeClaimListQuery } from './listFilters.ts';
import './claimList.css';

export const EMPTY_CLAIMS = '暂无数据';
export const WITHDRAW_CONFIRM = '确认撤销该理赔单？撤销后不能恢复。';

type Props = { variant: Variant; title: string };

export const ClaimListPage = ({ variant, title }: Props) => {
  const mobile = variant === 'mobile';
  const routes = routesOf(variant);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const session = useSession();
  const from = params.get('from');
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useMemo(() => readClaimListQuery(params), [params]);
  const filters = useMemo(() => toClaimFilters(query), [query]);
  useLoginPrompt(variant);
  const list = useClaimPage(page, filters);
  const [withdrawing, setWithdrawing] = useState<ClaimListRow | null>(null);
  const [busy, setBusy] = useState(false);

  const view = (c: ClaimListRow) => navigate(reportHref(routes.report, c.id, c.claimState, from));
  const withdraw = async () => {
    if (!withdrawing) return;
    setBusy(true);
    try {
      const env = await withdrawClaim(withdrawing.id);
      toast.success(env.message || '撤销成功');
      setWithdrawing(null);
      void list.mutate();
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  };

  const buttons = (c: ClaimListRow) => {
    const size = mobile ? 'medium' : 'small';
    return (
      <div className="fb-row-actions">
        {can(c.actions, 'view') && <Button size={size} icon="eye-open" text="查看" data-testid="claim-view" onClick={() => view(c)} />}
        {can(c.actions, 'withdraw') && (
          <Button size={size} intent="danger" variant="outlined" icon="undo" text="撤销" data-testid="claim-withdraw" onClick={() => setWithdrawing(c)} />
        )}
      </div>
    );
  };

  const stateTag = (c: ClaimListRow) => (
    <span className="fb-claim-state">
      <Tag intent={claimStateIntent(c.claimState)} minimal={claimStateMinimal(c.claimState)} className="fb-state-tag" data-testid="claim-state" data-state={c.claimState}>
        {claimStateLabel(c.claimState)}
      </Tag>
      {c.overdue.map((stage) => (
        <Tag key={stage} intent="danger" minimal icon="time" className="fb-state-tag" data-testid="claim-overdue">
          {overdueLabel(stage)}
        </Tag>
      ))}
    </span>
  );

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.totalCount / (data.pageSize || CLAIM_LIST_SIZE))) : 1;
  const goPage = (n: number) => {
    const p = new URLSearchParams(params);
    p.set('page', String(n));
    setParams(p);
    window.scrollTo(0, 0);
  };

  const pager = data && data.totalCount > 0 && (
    <nav className="fb-pager" aria-label="分页" data-testid="claim-pager">
      <span className="fb-muted">共 {data.totalCount} 条</span>
      <Button icon="chevron-left" aria-label="上一页" disabled={page <= 1} onClick={() => goPage(page - 1)} />
      <span>
        第 {page} / {pages} 页
      </span>
      <Button icon="chevron-right" aria-label="下一页" disabled={page >= pages} onClick={() => goPage(page + 1)} />
    </nav>
  );

  let body: ReactNode;
  if (!session) body = <NonIdealState icon="lock" title="请先登录" description="登录后可查询您的理赔。" />;
  else if (list.error)
    body = <NonIdealState icon="error" title="加载失败" description={(list.error as Error).message} action={<Button text="重试" onClick={() => void list.mutate()} />} />;
  else if (!data)
    body = (
      <div className="fb-loading-block" aria-busy="true">
        <Spinner size={28} />
        <div>正在加载理赔…</div>
      </div>
    );
  else if (data.datas.length === 0)
    body = (
      <NonIdealState
        icon="inbox"
        title={EMPTY_CLAIMS}
        className="fb-claims-empty"
        description={hasClaimFilters(query) ? '没有符合筛选条件的理赔单。' : '可在订单查询中对生效的保单申请理赔。'}
        action={hasClaimFilters(query) ? undefined : <Button intent="primary" text="订单查询" onClick={() => navigate(routes.list)} />}
      />
    );
  else if (mobile)
    body = (
      <div className="fb-order-cards">
        {data.datas.map((c) => (
          <Card key={c.id} className="fb-order-card fb-claim-card" data-testid="claim-row" data-claim={c.claimSettlementNo} data-state={c.claimState}>
            <div className="fb-row-between">
              <strong className="fb-order-no">{c.claimSettlementNo}</strong>
              {stateTag(c)}
            </div>
            <dl className="fb-order-fields">
              <dt>保单号</dt>
              <dd>{c.policyNo}</dd>
              <dt>用户名</dt>
              <dd>{c.userName}</dd>
              <dt>事故类型</dt>
              <dd>{accidentTypeLabel(c.uavAccidentType, c.uavAccidentTypeName)}</dd>
              <dt>报案时间</dt>
              <dd>{dateTime(c.applyTime)}</dd>
              <dt>定损金额</dt>
              <dd>{money(c.lossAssessmentAmount)}</dd>
              <dt>结案时间</dt>
              <dd>{dateTime(c.finishClaimTime)}</dd>
            </dl>
            {buttons(c)}
          </Card>
        ))}
      </div>
    );
  else
    body = (
      <div className="fb-table-scroll">
        <HTMLTable striped compact className="fb-table fb-claim-table" aria-label="理赔列表">
          <thead>
            <tr>
              <th>保单号</th>
              <th>理赔单号</th>
              <th>用户名</th>
              <th>事故类型</th>
              <th>报案时间</th>
              <th>定损金额</th>
              <th>结案时间</th>
              <th>理赔状态</th>
              <th>操作</th>
            </tr>
          </thead>
          <tbody>
            {data.datas.map((c) => (
              <tr key={c.id} data-testid="claim-row" data-claim={c.claimSettlementNo} data-state={c.claimState}>
                <td className="fb-order-no">{c.policyNo}</td>
                <td className="fb-order-no">{c.claimSettlementNo}</td>
                <td>{c.userName}</td>
                <td className="fb-nowrap">{accidentTypeLabel(c.uavAccidentType, c.uavAccidentTypeName)}</td>
                <td className="fb-nowrap">{dateTime(c.applyTime)}</td>
                <td className="fb-num">{money(c.lossAssessmentAmount)}</td>
                <td className="fb-nowrap">{dateTime(c.finishClaimTime)}</td>
                <td>{stateTag(c)}</td>
                <td>{buttons(c)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
    );

  const filterBar = session && (
    <ClaimFilterBar
      key={params.toString()}
      variant={variant}
      value={query}
      onApply={(q) => {
        setParams(writeClaimListQuery(params, q));
      }}
    />
  );

  const dialog = (
    <Alert
      isOpen={withdrawing !== null}
      className="fb-withdraw-claim-alert"
      icon="undo"
      intent="danger"
      cancelButtonText="取消"
      confirmButtonText="确认撤销"
      loading={busy}
      canEscapeKeyCancel={!busy}
      onCancel={() => setWithdrawing(null)}
      onConfirm={() => void withdraw()}
      style={mobile ? { width: '92vw' } : undefined}
    >
      <p data-testid="withdraw-claim-message">{WITHDRAW_CONFIRM}</p>
      {withdrawing && <p className="fb-muted">理赔单号：{withdrawing.claimSettlementNo}</p>}
    </Alert>
  );

  if (mobile)
    return (
      <div className="fb-m-page fb-m-claims">
        <TouchPageBar title={title} />
        <div className="fb-m-list">
          {filterBar}
          {body}
          {pager}
        </div>
        {dialog}
        <BackToTop />
      </div>
    );
  return (
    <div className="fb-page fb-claims-page">
      <div className="fb-row-between">
        <h2 className="fb-page-title">{title}</h2>
        <Button icon="refresh" text="刷新" loading={list.isValidating} onClick={() => void list.mutate()} />
      </div>
      <Card className="fb-card">
        {filterBar}
        {body}
        {pager}
      </Card>
      {dialog}
      <BackToTop />
    </div>
  );
};
