/**
 * /platform/orderInquiry (table) and /touch/orderInquiry (cards): the caller's orders, 20 a
 * page. Each row's buttons come from the row's `actions` (docs/glossary.md "Order states and actions").
 */
import { Suspense, lazy, useState } from 'react';
import { Button, Tag } from '@blueprintjs/core';
import { NonIdealState } from '../shared/NonIdealState.tsx';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSession } from '../api/session.ts';
import { PAGE_SIZE, useOrderPage, type OrderListRow } from './api.ts';
import { toast } from '../api/toaster.ts';
import { DataList, type CardSpec, type Column } from '../shared/DataList.tsx';
import { ListPageFrame } from '../shared/ListPageFrame.tsx';
import { ListPager, usePageParam } from '../shared/ListPager.tsx';
import { DeviceCodes } from './DeviceCodes.tsx';
import { OrderState } from '@feibao/domain/ordering/order.events';
import { can, planIsOpen } from './actions.ts';
import { dateOnly, money, stateIntent, stateMinimal, stateName } from './format.ts';
import { RevokeDialog } from './RevokeDialog.tsx';
import { routesOf, useLoginPrompt, type Variant } from '../shared/site.ts';
import { useApplyForClaim } from '../claims/useApplyForClaim.tsx';
import { PolicyDocumentButton } from '../documents/PolicyDocumentButton.tsx';
import { OrderPaymentBox } from '../payments/OrderPayment.tsx';
import { RenewalChain } from './renewal/RenewalChain.tsx';
import type { RenewTarget } from './renewal/RenewDialog.tsx';
import { useOpenedOnce } from '../shared/useOpenedOnce.ts';

// Opened from a row's button: fetched then, so the phone's first load of the list stays under its limit.
const CancelDialog = lazy(() => import('./cancellation/CancelDialog.tsx').then((m) => ({ default: m.CancelDialog })));
const RenewDialog = lazy(() => import('./renewal/RenewDialog.tsx').then((m) => ({ default: m.RenewDialog })));

export const NO_PLAN_WHILE_AWAITING = '待询价状态无保障方案';

const stateTag = (o: OrderListRow) => (
  <>
    <Tag intent={stateIntent(o.state)} minimal={stateMinimal(o.state)} className="fb-state-tag">
      {stateName(o.state)}
    </Tag>
    {o.pendingChange === 'cancellation' && (
      <Tag intent="warning" minimal className="fb-state-tag" data-testid="order-cancellation-pending">
        退保审核中
      </Tag>
    )}
  </>
);

const rowData = (o: OrderListRow) => ({ 'data-order': o.orderNo });

export const OrderListPage = ({ variant }: { variant: Variant }) => {
  const mobile = variant === 'mobile';
  const routes = routesOf(variant);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const session = useSession();
  const from = params.get('from');
  const { page } = usePageParam();
  useLoginPrompt(variant);
  const list = useOrderPage(page);
  const [revoking, setRevoking] = useState<string | null>(null);
  const [renewing, setRenewing] = useState<RenewTarget | null>(null);
  const [cancelling, setCancelling] = useState<string | null>(null);
  const renewOpened = useOpenedOnce(renewing !== null);
  const cancelOpened = useOpenedOnce(cancelling !== null);
  const claims = useApplyForClaim({ variant, from });

  const q = (extra: Record<string, string | number>) => {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries(extra)) p.set(k, String(v));
    if (from) p.set('from', from);
    return p.toString();
  };
  const edit = (o: OrderListRow) => navigate(`${routes.insure}?${q({ type: o.orderType, id: o.id })}`);
  const openPlan = (o: OrderListRow) => {
    if (!can(o.actions, 'viewPlan')) {
      toast.warning(NO_PLAN_WHILE_AWAITING);
      return;
    }
    navigate(
      `${routes.plan}?${q({ type: o.orderType, id: o.id, ...(planIsOpen(o.actions) ? {} : { show: 'true' }) })}`,
    );
  };
  const reInquire = (o: OrderListRow) =>
    navigate(`${routes.insure}?${q({ type: o.orderType, id: o.id, reInquiry: 'true' })}`);

  const buttons = (o: OrderListRow) => {
    const size = mobile ? 'medium' : 'small';
    return (
      <div className="fb-row-actions">
        <OrderPaymentBox order={o} variant={variant} />
        {can(o.actions, 'edit') && <Button size={size} icon="edit" text="编辑" onClick={() => edit(o)} />}
        {/* Always shown: without viewPlan it explains why there is no plan yet. */}
        <Button size={size} icon="th" text="保障方案" onClick={() => openPlan(o)} />
        {/* Presentation rule of the mobile list: a lapsed order's card offers 编辑 only, not 重新询价. */}
        {can(o.actions, 'reInquire') && !(mobile && o.state === OrderState.lapsed) && (
          <Button
            size={size}
            icon="repeat"
            text={o.state === OrderState.inForce ? '再次投保' : '重新询价'}
            onClick={() => reInquire(o)}
          />
        )}
        {can(o.actions, 'claim') && (
          <Button
            size={size}
            intent="primary"
            icon="clipboard"
            text="申请理赔"
            data-testid="order-apply-claim"
            loading={claims.applying === o.id}
            onClick={() => void claims.apply(o.id)}
          />
        )}
        {can(o.actions, 'renew') && (
          <Button
            size={size}
            intent="primary"
            icon="refresh"
            text="续保"
            data-testid="order-renew"
            onClick={() => setRenewing(o)}
          />
        )}
        {o.policyNo && <PolicyDocumentButton orderId={o.id} policyNo={o.policyNo} mobile={mobile} />}
        {can(o.actions, 'cancel') && (
          <Button
            size={size}
            intent="danger"
            variant="outlined"
            icon="disable"
            text="退保"
            data-testid="order-cancel"
            onClick={() => setCancelling(o.id)}
          />
        )}
        {/* 批改: asked for here, its status (待审核, 待支付, …) on its page (web/src/endorsement). */}
        {(can(o.actions, 'endorse') || o.pendingChange === 'endorsement') && (
          <Button
            size={size}
            icon="annotation"
            text={o.pendingChange === 'endorsement' ? '批改处理中' : '批改'}
            data-testid="order-endorse"
            onClick={() => navigate(`${mobile ? '/touch' : '/platform'}/endorse?id=${o.id}`)}
          />
        )}
        {can(o.actions, 'revoke') && (
          <Button
            size={size}
            intent="danger"
            variant="outlined"
            icon="undo"
            text="撤销"
            onClick={() => setRevoking(o.id)}
          />
        )}
      </div>
    );
  };

  const card: CardSpec<OrderListRow> = {
    title: (o) => (
      <>
        {o.orderNo}
        <RenewalChain renewalOf={o.renewalOf} renewedBy={o.renewedBy} variant={variant} />
      </>
    ),
    tag: stateTag,
    fields: [
      ['保单号', (o) => o.policyNo ?? '—'],
      ['起保日期', (o) => dateOnly(o.startDate)],
      ['终保日期', (o) => dateOnly(o.endDate)],
      ['保险公司', (o) => o.insuranceCompanyName ?? '—'],
      ['总保费', (o) => money(o.totalPremium)],
      ['设备编号', (o) => <DeviceCodes codes={o.deviceNumber} limit={2} />],
    ],
    actions: buttons,
  };
  const columns: Column<OrderListRow>[] = [
    {
      header: '订单号',
      cell: (o) => (
        <>
          {o.orderNo}
          <RenewalChain renewalOf={o.renewalOf} renewedBy={o.renewedBy} variant={variant} />
        </>
      ),
      className: 'fb-order-no',
    },
    { header: '订单状态', cell: stateTag },
    { header: '保单号', cell: (o) => o.policyNo ?? '—' },
    { header: '起保日期', cell: (o) => dateOnly(o.startDate) },
    { header: '终保日期', cell: (o) => dateOnly(o.endDate) },
    { header: '保险公司', cell: (o) => o.insuranceCompanyName ?? '—' },
    { header: '总保费', cell: (o) => money(o.totalPremium) },
    { header: '设备编号', cell: (o) => <DeviceCodes codes={o.deviceNumber} limit={10} />, className: 'fb-codes-cell' },
    { header: '操作', cell: buttons },
  ];

  const dialog = (
    <>
      {claims.dialog}
      <Suspense>
        {renewOpened && <RenewDialog order={renewing} variant={variant} onClose={() => setRenewing(null)} />}
        {cancelOpened && (
          <CancelDialog
            orderId={cancelling}
            mobile={mobile}
            onClose={() => setCancelling(null)}
            onDone={() => {
              setCancelling(null);
              void list.mutate();
            }}
          />
        )}
      </Suspense>
      <RevokeDialog
        orderId={revoking}
        mobile={mobile}
        onClose={() => setRevoking(null)}
        onDone={() => {
          setRevoking(null);
          void list.mutate();
        }}
      />
    </>
  );

  return (
    <ListPageFrame
      mobile={mobile}
      title="订单查询"
      name="orders"
      refreshing={list.isValidating}
      onRefresh={() => void list.mutate()}
      overlay={dialog}
    >
      {session && (
        <div className="fb-row-actions fb-order-links">
          <Button
            variant="minimal"
            icon="document"
            text="我的发票"
            data-testid="order-invoices"
            onClick={() => navigate(mobile ? '/touch/invoice' : '/platform/invoice')}
          />
        </div>
      )}
      <DataList
        mobile={mobile}
        signedIn={!!session}
        signInHint="登录后可查询您的订单。"
        list={list}
        loadingText="正在加载订单…"
        empty={
          <NonIdealState
            icon="inbox"
            title="暂无订单"
            action={<Button intent="primary" text="开始投保" onClick={() => navigate(routes.guide)} />}
          />
        }
        rowKey={(o) => o.id}
        rowData={rowData}
        card={card}
        table={{ className: 'fb-order-table', label: '订单列表', columns }}
      />
      <ListPager data={list.data} pageSize={PAGE_SIZE} />
    </ListPageFrame>
  );
};
