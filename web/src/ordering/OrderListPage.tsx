/**
 * /platform/orderInquiry (table) and /touch/orderInquiry (cards): the caller's orders, 20 a
 * page. Each row's buttons come from the row's `actions` (docs/glossary.md "Order states and actions").
 */
import { type ReactNode, useState } from 'react';
import { Button, Card, HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSession } from '../api/session.ts';
import { PAGE_SIZE, useOrderPage } from './api.ts';
import type { OrderListRow } from './api.ts';
import { toast } from '../api/toaster.ts';
import { BackToTop } from '../shared/BackToTop.tsx';
import { TouchPageBar } from '../shared/TouchPageBar.tsx';
import { DeviceCodes } from './DeviceCodes.tsx';
import { OrderState } from '@feibao/domain/ordering/order.events';
import { can, planIsOpen } from './actions.ts';
import { dateOnly, money, stateIntent, stateMinimal, stateName } from './format.ts';
import { RevokeDialog } from './RevokeDialog.tsx';
import { routesOf, useLoginPrompt } from '../shared/site.ts';
import type { Variant } from '../shared/site.ts';
import { useApplyForClaim } from '../claims/useApplyForClaim.tsx';

export const NO_PLAN_WHILE_AWAITING = '待询价状态无保障方案';

export const OrderListPage = ({ variant }: { variant: Variant }) => {
  const mobile = variant === 'mobile';
  const routes = routesOf(variant);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const session = useSession();
  const from = params.get('from');
  const page = Math.max(1, Number(params.get('page')) || 1);
  useLoginPrompt(variant);
  const list = useOrderPage(page);
  const [revoking, setRevoking] = useState<string | null>(null);
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
    navigate(`${routes.plan}?${q({ type: o.orderType, id: o.id, ...(planIsOpen(o.actions) ? {} : { show: 'true' }) })}`);
  };
  const reInquire = (o: OrderListRow) => navigate(`${routes.insure}?${q({ type: o.orderType, id: o.id, reInquiry: 'true' })}`);

  const buttons = (o: OrderListRow) => {
    const size = mobile ? 'medium' : 'small';
    return (
      <div className="fb-row-actions">
        {can(o.actions, 'edit') && <Button size={size} icon="edit" text="编辑" onClick={() => edit(o)} />}
        {/* Always shown: without viewPlan it explains why there is no plan yet. */}
        <Button size={size} icon="th" text="保障方案" onClick={() => openPlan(o)} />
        {/* Presentation rule of the mobile list: a lapsed order's card offers 编辑 only, not 重新询价. */}
        {can(o.actions, 'reInquire') && !(mobile && o.state === OrderState.lapsed) && (
          <Button size={size} icon="repeat" text={o.state === OrderState.inForce ? '再次投保' : '重新询价'} onClick={() => reInquire(o)} />
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
        {can(o.actions, 'revoke') && <Button size={size} intent="danger" variant="outlined" icon="undo" text="撤销" onClick={() => setRevoking(o.id)} />}
      </div>
    );
  };

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.totalCount / (data.pageSize || PAGE_SIZE))) : 1;
  const goPage = (n: number) => {
    const p = new URLSearchParams(params);
    p.set('page', String(n));
    setParams(p);
    window.scrollTo(0, 0);
  };

  const pager = data && data.totalCount > 0 && (
    <nav className="fb-pager" aria-label="分页">
      <span className="fb-muted">共 {data.totalCount} 条</span>
      <Button icon="chevron-left" aria-label="上一页" disabled={page <= 1} onClick={() => goPage(page - 1)} />
      <span>
        第 {page} / {pages} 页
      </span>
      <Button icon="chevron-right" aria-label="下一页" disabled={page >= pages} onClick={() => goPage(page + 1)} />
    </nav>
  );

  const stateTag = (o: OrderListRow) => (
    <Tag intent={stateIntent(o.state)} minimal={stateMinimal(o.state)} className="fb-state-tag">
      {stateName(o.state)}
    </Tag>
  );

  let body: ReactNode;
  if (!session) body = <NonIdealState icon="lock" title="请先登录" description="登录后可查询您的订单。" />;
  else if (list.error) body = <NonIdealState icon="error" title="加载失败" description={(list.error as Error).message} action={<Button text="重试" onClick={() => void list.mutate()} />} />;
  else if (!data)
    body = (
      <div className="fb-loading-block" aria-busy="true">
        <Spinner size={28} />
        <div>正在加载订单…</div>
      </div>
    );
  else if (data.datas.length === 0)
    body = <NonIdealState icon="inbox" title="暂无订单" action={<Button intent="primary" text="开始投保" onClick={() => navigate(routes.guide)} />} />;
  else if (mobile)
    body = (
      <div className="fb-order-cards">
        {data.datas.map((o) => (
          <Card key={o.id} className="fb-order-card" data-order={o.orderNo}>
            <div className="fb-row-between">
              <strong className="fb-order-no">{o.orderNo}</strong>
              {stateTag(o)}
            </div>
            <dl className="fb-order-fields">
              <dt>保单号</dt>
              <dd>{o.policyNo ?? '—'}</dd>
              <dt>起保日期</dt>
              <dd>{dateOnly(o.startDate)}</dd>
              <dt>终保日期</dt>
              <dd>{dateOnly(o.endDate)}</dd>
              <dt>保险公司</dt>
              <dd>{o.insuranceCompanyName ?? '—'}</dd>
              <dt>总保费</dt>
              <dd>{money(o.totalPremium)}</dd>
              <dt>设备编号</dt>
              <dd>
                <DeviceCodes codes={o.deviceNumber} limit={2} />
              </dd>
            </dl>
            {buttons(o)}
          </Card>
        ))}
      </div>
    );
  else
    body = (
      <div className="fb-table-scroll">
        <HTMLTable striped compact className="fb-table fb-order-table" aria-label="订单列表">
          <thead>
            <tr>
              <th>订单号</th>
              <th>订单状态</th>
              <th>保单号</th>
              <th>起保日期</th>
              <th>终保日期</th>
              <th>保险公司</th>
              <th>总保费</th>
              <th>设备编号</th>
              <th>操作</th>
            </tr>
          </thead>
          <tbody>
            {data.datas.map((o) => (
              <tr key={o.id} data-order={o.orderNo}>
                <td className="fb-order-no">{o.orderNo}</td>
                <td>{stateTag(o)}</td>
                <td>{o.policyNo ?? '—'}</td>
                <td>{dateOnly(o.startDate)}</td>
                <td>{dateOnly(o.endDate)}</td>
                <td>{o.insuranceCompanyName ?? '—'}</td>
                <td>{money(o.totalPremium)}</td>
                <td className="fb-codes-cell">
                  <DeviceCodes codes={o.deviceNumber} limit={10} />
                </td>
                <td>{buttons(o)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
    );

  const dialog = (
    <>
      {claims.dialog}
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

  if (mobile)
    return (
      <div className="fb-m-page fb-m-orders">
        <TouchPageBar title="订单查询" />
        <div className="fb-m-list">
          {body}
          {pager}
        </div>
        {dialog}
        <BackToTop />
      </div>
    );
  return (
    <div className="fb-page fb-orders-page">
      <div className="fb-row-between">
        <h2 className="fb-page-title">订单查询</h2>
        <Button icon="refresh" text="刷新" loading={list.isValidating} onClick={() => void list.mutate()} />
      </div>
      <Card className="fb-card">
        {body}
        {pager}
      </Card>
      {dialog}
      <BackToTop />
    </div>
  );
};
