/**
 * /platform/supportConcept and /touch/supportConcept?type&id(&show): the cover plan with a
 * premium per insurer. Data and actions live in usePlanScreen; this file lays them out.
 */
import { Suspense, lazy, useState } from 'react';
import type { ReactNode } from 'react';
import { Button, Callout, Card, Collapse, Spinner, Tag } from '@blueprintjs/core';
import { NonIdealState } from '../../shared/NonIdealState.tsx';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../../api/session.ts';
import { BackToTop } from '../../shared/BackToTop.tsx';
import { useLoginPrompt, type Variant } from '../../shared/site.ts';
import { TouchPageBar } from '../../shared/TouchPageBar.tsx';
import { can } from '../actions.ts';
import { money, stateIntent, stateName } from '../format.ts';
import { InsureForm } from '../insure/InsureForm.tsx';
import { RevokeDialog } from '../RevokeDialog.tsx';
import { InsurerChooser, PlanActionBar } from './PlanControls.tsx';
import { PlanCards, PlanTable } from './PlanViews.tsx';
import { usePlanScreen } from './usePlanScreen.ts';
import { PolicyDocumentsSection } from '../../documents/PolicyDocumentsSection.tsx';
import { OrderPaymentBox } from '../../payments/OrderPayment.tsx';
import { RenewalChain } from '../renewal/RenewalChain.tsx';
import type { RenewTarget } from '../renewal/RenewDialog.tsx';
import { useOpenedOnce } from '../../shared/useOpenedOnce.ts';

const RequirementsPanel = lazy(() => import('../requirements/RequirementsPanel.tsx'));
const RenewDialog = lazy(() => import('../renewal/RenewDialog.tsx').then((m) => ({ default: m.RenewDialog })));
const ComparisonPanel = lazy(() =>
  import('../comparison/ComparisonPanel.tsx').then((m) => ({ default: m.ComparisonPanel })),
);
const PurchaseTermsDialog = lazy(() =>
  import('../../disclosure/PurchaseTermsDialog.tsx').then((m) => ({ default: m.PurchaseTermsDialog })),
);
import { CancellationStatus } from '../cancellation/CancellationStatus.tsx';
import { EndorsementBadge } from '../../endorsement/EndorsementBadge.tsx';

export { QUOTING } from './PlanViews.tsx';
export const EXPIRED_NOTE = '部分保险公司的报价已超过有效期，已过期的报价不能投保，请重新询价获取新的报价。';
export const PLAN_NOTE = '部分险种需保险公司人工核保，报价将在1～3个工作日内给出；暂无保费的险种显示为“报价中”。';
/** This build reaches no real insurer: every premium is priced by the simulated insurers' tariff rules (docs/api/ordering.md). */
export const SIMULATED_TARIFF_NOTE = '保费来自本版本模拟的保险公司费率，并非保险公司的正式报价。';

export const PlanPage = ({ variant }: { variant: Variant }) => {
  const mobile = variant === 'mobile';
  const navigate = useNavigate();
  const session = useSession();
  useLoginPrompt(variant);
  const screen = usePlanScreen(variant);
  const { id, order, details, plan, form, routes, from } = screen;
  const partner = from !== null;

  const [revoking, setRevoking] = useState<string | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [chooser, setChooser] = useState<number[] | null>(null);
  const [renewing, setRenewing] = useState<RenewTarget | null>(null);
  const renewOpened = useOpenedOnce(renewing !== null);
  const termsOpened = useOpenedOnce(screen.termsFor !== null);

  const actions = (
    <PlanActionBar
      screen={screen}
      mobile={mobile}
      partner={partner}
      onRevoke={() => setRevoking(id)}
      onToggleChooser={() => setChooser(chooser ? null : (order?.insuranceCompanyList ?? []).map((c) => Number(c.id)))}
    />
  );

  let body: ReactNode;
  if (!id)
    body = (
      <NonIdealState
        icon="search"
        title="缺少订单编号"
        action={<Button text="返回订单查询" onClick={() => navigate(routes.list)} />}
      />
    );
  else if (!session) body = <NonIdealState icon="lock" title="请先登录" description="登录后可查看保障方案。" />;
  else if (details.error)
    body = (
      <NonIdealState
        icon="error"
        title="加载失败"
        description={(details.error as Error).message}
        action={<Button text="重试" onClick={() => void screen.refresh()} />}
      />
    );
  else if (!order)
    body = (
      <div className="fb-loading-block" aria-busy="true">
        <Spinner size={28} />
        <div>正在加载保障方案…</div>
      </div>
    );
  else
    body = (
      <>
        <div className="fb-plan-head">
          <span>
            订单号 <strong>{order.orderNo}</strong>
          </span>
          <Tag intent={stateIntent(order.state)} className="fb-state-tag">
            {stateName(order.state)}
          </Tag>
          {order.policyNo && <span>保单号 {order.policyNo}</span>}
          {order.insuranceCompanyName && <span>承保公司 {order.insuranceCompanyName}</span>}
          {order.totalPremium !== null && <span>保费 {money(order.totalPremium)}</span>}
          <RenewalChain renewalOf={order.renewalOf} renewedBy={order.renewedBy} variant={variant} />
          {can(order.actions, 'renew') && (
            <Button
              size={mobile ? 'medium' : 'small'}
              intent="primary"
              icon="refresh"
              text="续保"
              data-testid="plan-renew"
              onClick={() => setRenewing(order)}
            />
          )}
        </div>
        <OrderPaymentBox order={order} variant={variant} />
        <EndorsementBadge order={order} variant={variant} />
        <CancellationStatus cancellation={order.cancellation} />
        <Callout intent="primary" icon="info-sign" compact className="fb-plan-note">
          {PLAN_NOTE}
        </Callout>
        <p className="fb-muted fb-plan-tariff-note">{SIMULATED_TARIFF_NOTE}</p>
        {!partner && !screen.show && screen.totals?.insuranceCompanyList.some((t) => t.expired) && (
          <Callout intent="warning" icon="time" compact className="fb-plan-note" data-testid="plan-expired">
            <span>{EXPIRED_NOTE}</span>{' '}
            <Button
              size="small"
              intent="primary"
              icon="repeat"
              text="重新询价"
              onClick={() =>
                screen.may('newRound')
                  ? setChooser((order?.insuranceCompanyList ?? []).map((c) => Number(c.id)))
                  : navigate(
                      `${routes.insure}?${new URLSearchParams({ type: String(order.orderType), id: order.id, reInquiry: 'true' }).toString()}`,
                    )
              }
            />
          </Callout>
        )}
        <Suspense>
          <RequirementsPanel screen={screen} mobile={mobile} />
        </Suspense>
        {!can(order.actions, 'viewPlan') ? (
          <NonIdealState
            icon="document"
            title="待询价状态无保障方案"
            description={order.revokeReason ? `询价已撤销：${order.revokeReason}` : '请编辑投保信息后发起询价。'}
          />
        ) : plan.error ? (
          <Callout intent="danger">{(plan.error as Error).message}</Callout>
        ) : !plan.data ? (
          <div className="fb-loading-block" aria-busy="true">
            <Spinner size={24} />
          </div>
        ) : mobile ? (
          <PlanCards screen={screen} rows={screen.rows} totals={screen.totals} />
        ) : (
          <PlanTable screen={screen} rows={screen.rows} totals={screen.totals} />
        )}
        {plan.data && can(order.actions, 'viewPlan') && (
          <Suspense>
            <ComparisonPanel
              orderId={order.id}
              variant={variant}
              planSignature={JSON.stringify(screen.totals)}
              // 只看满足要求的报价 hides the same insurers here as in the plan (the totals are already filtered).
              visibleInsurerIds={
                screen.hiddenInsurerIds.length > 0
                  ? screen.totals?.insuranceCompanyList.map((c) => c.insuranceCompanyId)
                  : undefined
              }
            />
          </Suspense>
        )}
        {chooser && (
          <InsurerChooser
            screen={screen}
            mobile={mobile}
            chosen={chooser}
            onChange={setChooser}
            onClose={() => setChooser(null)}
          />
        )}
        {order.policyNo && <PolicyDocumentsSection orderId={order.id} variant={variant} />}
        <div className="fb-details-toggle">
          <Button
            variant="minimal"
            icon={formOpen ? 'chevron-up' : 'chevron-down'}
            text="投保详情"
            aria-expanded={formOpen}
            onClick={() => setFormOpen((o) => !o)}
          />
        </div>
        <Collapse isOpen={formOpen} keepChildrenMounted={false}>
          {form && (
            <InsureForm
              value={form}
              onChange={() => undefined}
              covers={screen.covers.data ?? []}
              insurers={screen.insurers.data ?? []}
              brands={screen.brands.data ?? []}
              readOnly
              variant={variant}
            />
          )}
        </Collapse>
      </>
    );

  const dialogs = (
    <>
      <Suspense>
        {renewOpened && <RenewDialog order={renewing} variant={variant} onClose={() => setRenewing(null)} />}
      </Suspense>
      <Suspense>
        {termsOpened && id && (
          <PurchaseTermsDialog
            target={
              screen.termsFor && {
                orderId: id,
                insurerId: screen.termsFor.insuranceCompanyId,
                insurerName: screen.termsFor.insuranceCompanyName,
              }
            }
            variant={variant}
            onClose={screen.closeTerms}
            onConfirmed={screen.termsConfirmed}
          />
        )}
      </Suspense>
      <RevokeDialog
        orderId={revoking}
        mobile={mobile}
        onClose={() => setRevoking(null)}
        onDone={() => {
          setRevoking(null);
          navigate(partner && from ? `${routes.list}?from=${encodeURIComponent(from)}` : routes.list);
        }}
      />
    </>
  );

  if (mobile)
    return (
      <div className="fb-m-page fb-m-plan">
        {partner ? (
          <div className="fb-m-pagebar">
            <h1 className="fb-m-pagetitle">保障方案</h1>
          </div>
        ) : (
          <TouchPageBar title="保障方案" fallback={routes.list} />
        )}
        <div className="fb-m-card">
          {order && actions}
          {body}
        </div>
        {dialogs}
        <BackToTop />
      </div>
    );
  return (
    <div className="fb-page fb-plan-page">
      <div className="fb-row-between">
        <h1 className="fb-page-title">保障方案</h1>
        {order && actions}
      </div>
      <Card className="fb-card">{body}</Card>
      {dialogs}
      <BackToTop />
    </div>
  );
};
