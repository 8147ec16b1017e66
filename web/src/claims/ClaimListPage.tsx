/**
 * The claim list (/platform/applyForCompensation, /settlementOfClaim/index and their /touch
 * twins): table on desktop, cards on mobile, 20 a page. Row buttons come from the row's
 * `actions` (docs/glossary.md "Claim actions"); filters live in the address.
 */
import { useMemo, useState } from 'react';
import { Alert, Button, Tag } from '@blueprintjs/core';
import { NonIdealState } from '../shared/NonIdealState.tsx';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSession } from '../api/session.ts';
import { notifyError, toast } from '../api/toaster.ts';
import { DataList, type CardSpec, type Column } from '../shared/DataList.tsx';
import { ListPageFrame } from '../shared/ListPageFrame.tsx';
import { ListPager, usePageParam } from '../shared/ListPager.tsx';
import { routesOf, useLoginPrompt, type Variant } from '../shared/site.ts';
import { CLAIM_LIST_SIZE, can, useClaimPage, withdrawClaim, type ClaimListRow } from './api.ts';
import { ClaimFilterBar } from './ClaimFilterBar.tsx';
import {
  accidentTypeLabel,
  claimStateIntent,
  claimStateLabel,
  claimStateMinimal,
  dateTime,
  money,
  overdueLabel,
  reportHref,
} from './labels.ts';
import { hasClaimFilters, readClaimListQuery, toClaimFilters, writeClaimListQuery } from './listFilters.ts';
import './claimList.css';

export const EMPTY_CLAIMS = '暂无数据';
export const WITHDRAW_CONFIRM = '确认撤销该理赔单？撤销后不能恢复。';

type Props = { variant: Variant; title: string };

const stateTag = (c: ClaimListRow) => (
  <span className="fb-claim-state">
    <Tag
      intent={claimStateIntent(c.claimState)}
      minimal={claimStateMinimal(c.claimState)}
      className="fb-state-tag"
      data-testid="claim-state"
      data-state={c.claimState}
    >
      {claimStateLabel(c.claimState)}
    </Tag>
    {c.overdue.map((stage) => (
      <Tag key={stage} intent="danger" minimal icon="time" className="fb-state-tag" data-testid="claim-overdue">
        {overdueLabel(stage)}
      </Tag>
    ))}
  </span>
);

const accidentType = (c: ClaimListRow) => accidentTypeLabel(c.uavAccidentType, c.uavAccidentTypeName);
const rowData = (c: ClaimListRow) => ({
  'data-testid': 'claim-row',
  'data-claim': c.claimSettlementNo,
  'data-state': c.claimState,
});

export const ClaimListPage = ({ variant, title }: Props) => {
  const mobile = variant === 'mobile';
  const routes = routesOf(variant);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const session = useSession();
  const from = params.get('from');
  const { page } = usePageParam();
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
        {can(c.actions, 'view') && (
          <Button size={size} icon="eye-open" text="查看" data-testid="claim-view" onClick={() => view(c)} />
        )}
        {can(c.actions, 'withdraw') && (
          <Button
            size={size}
            intent="danger"
            variant="outlined"
            icon="undo"
            text="撤销"
            data-testid="claim-withdraw"
            onClick={() => setWithdrawing(c)}
          />
        )}
      </div>
    );
  };

  const card: CardSpec<ClaimListRow> = {
    className: 'fb-claim-card',
    title: (c) => c.claimSettlementNo,
    tag: stateTag,
    fields: [
      ['保单号', (c) => c.policyNo],
      ['用户名', (c) => c.userName],
      ['事故类型', accidentType],
      ['报案时间', (c) => dateTime(c.applyTime)],
      ['定损金额', (c) => money(c.lossAssessmentAmount)],
      ['结案时间', (c) => dateTime(c.finishClaimTime)],
    ],
    actions: buttons,
  };
  const columns: Column<ClaimListRow>[] = [
    { header: '保单号', cell: (c) => c.policyNo, className: 'fb-order-no' },
    { header: '理赔单号', cell: (c) => c.claimSettlementNo, className: 'fb-order-no' },
    { header: '用户名', cell: (c) => c.userName },
    { header: '事故类型', cell: accidentType, className: 'fb-nowrap' },
    { header: '报案时间', cell: (c) => dateTime(c.applyTime), className: 'fb-nowrap' },
    { header: '定损金额', cell: (c) => money(c.lossAssessmentAmount), className: 'fb-num' },
    { header: '结案时间', cell: (c) => dateTime(c.finishClaimTime), className: 'fb-nowrap' },
    { header: '理赔状态', cell: stateTag },
    { header: '操作', cell: buttons },
  ];

  const filtered = hasClaimFilters(query);
  const empty = (
    <NonIdealState
      icon="inbox"
      title={EMPTY_CLAIMS}
      className="fb-claims-empty"
      description={filtered ? '没有符合筛选条件的理赔单。' : '可在订单查询中对生效的保单申请理赔。'}
      action={filtered ? undefined : <Button intent="primary" text="订单查询" onClick={() => navigate(routes.list)} />}
    />
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

  return (
    <ListPageFrame
      mobile={mobile}
      title={title}
      name="claims"
      refreshing={list.isValidating}
      onRefresh={() => void list.mutate()}
      overlay={dialog}
    >
      {filterBar}
      <DataList
        mobile={mobile}
        signedIn={!!session}
        signInHint="登录后可查询您的理赔。"
        list={list}
        loadingText="正在加载理赔…"
        empty={empty}
        rowKey={(c) => c.id}
        rowData={rowData}
        card={card}
        table={{ className: 'fb-claim-table', label: '理赔列表', columns }}
      />
      <ListPager data={list.data} pageSize={CLAIM_LIST_SIZE} testId="claim-pager" />
    </ListPageFrame>
  );
};
