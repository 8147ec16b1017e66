/**
 * /platform/supportConcept and /touch/supportConcept?type&id(&show): the cover plan with a
 * premium per insurer. While quotes come in (state 1) it re-reads every 2 s.
 */
import { useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { Button, Callout, Card, Checkbox, Collapse, HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { Insurer } from '@feibao/domain/ordering/catalogue';
import { useSession } from '../api/session.ts';
import {
  deletePlanLine,
  insureWith,
  requestInquiry,
  resetPlan,
  useDroneBrands,
  useInsuranceTypes,
  useInsurers,
  useOrderDetails,
  usePlan,
} from '../api/ordering.ts';
import type { PlanCell, PlanRow, TotalCell, TotalsRow } from '../api/ordering.ts';
import { INSURE_TOAST_TIMEOUT, notifyError, toast } from '../api/toaster.ts';
import { BackToTop } from '../components/BackToTop.tsx';
import { TouchPageBar } from '../components/TouchPageBar.tsx';
import { DeviceCodes } from './DeviceCodes.tsx';
import { fromOrder, payloadOf } from './formState.ts';
import { money, stateIntent, stateName, termLabel } from './format.ts';
import { InsureForm } from './InsureForm.tsx';
import { InsurerLogo } from './InsurerLogo.tsx';
import { RevokeDialog } from './RevokeDialog.tsx';
import { routesOf, useLoginPrompt } from './session.ts';
import type { Variant } from './session.ts';

export const QUOTING = '报价中';
export const PLAN_NOTE = '部分险种需保险公司人工核保，报价将在1～3个工作日内给出；暂无保费的险种显示为“报价中”。';

const cellText: Record<PlanCell['status'], string> = {
  requested: QUOTING,
  quoted: '',
  'waiting-verification': '待核保人工报价',
  declined: '不承保',
  'timed-out': '未报价',
};

const PremiumCell = ({ cell }: { cell: PlanCell | undefined }) => {
  if (!cell) return <span className="fb-muted">—</span>;
  if (cell.status === 'quoted' && cell.insurancePremium !== null)
    return (
      <span className="fb-premium">
        <strong>{money(cell.insurancePremium)}</strong>
        {cell.deductiblePremiumString && <small className="fb-muted">{cell.deductiblePremiumString}</small>}
      </span>
    );
  return (
    <span className={`fb-quote-status fb-quote-${cell.status}`} title={cell.remark ?? undefined}>
      {cell.status === 'requested' && <Spinner size={12} />}
      {cellText[cell.status]}
    </span>
  );
};

const totalText = (t: TotalCell) =>
  t.quotedAll && t.total !== null ? money(t.total) : t.status === 'requested' ? QUOTING : t.status === 'waiting-verification' ? '待核保人工报价' : t.status === 'timed-out' ? '未完成报价' : '部分险种不承保';

export const PlanPage = ({ variant }: { variant: Variant }) => {
  const mobile = variant === 'mobile';
  const routes = routesOf(variant);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const id = params.get('id');
  const show = params.get('show') === 'true';
  const from = params.get('from');
  const partner = params.has('from');
  useLoginPrompt(variant);

  const details = useOrderDetails(id);
  const order = details.data;
  const state = order?.state;
  const plan = usePlan(id, state);
  // The last plan read may predate the state change (quotes complete, insured): read it again.
  const planMutate = plan.mutate;
  useEffect(() => {
    if (state !== undefined) void planMutate();
  }, [state, planMutate]);
  const orderType = order ? Number(order.orderType) : params.get('type') === '1' ? 1 : 0;
  const covers = useInsuranceTypes(orderType);
  const insurers = useInsurers(orderType);
  const brands = useDroneBrands();

  const [busy, setBusy] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<string | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [chooser, setChooser] = useState<number[] | null>(null);

  const rows = (plan.data ?? []).filter((r): r is PlanRow => !r.isTotal);
  const totals = (plan.data ?? []).find((r): r is TotalsRow => r.isTotal === true);
  const columns = totals?.insuranceCompanyList ?? rows[0]?.insuranceCompanyList ?? [];
  const readOnly = show || state === undefined || state >= 3;
  const form = useMemo(() => (order ? fromOrder(order) : null), [order]);
  const drones = (order?.uavInfoList ?? []) as { deviceNumber?: string }[];

  const refresh = async () => {
    await Promise.all([details.mutate(), plan.mutate()]);
  };
  const manualRefresh = async () => {
    setBusy('refresh');
    try {
      await refresh();
    } finally {
      setBusy(null);
    }
  };
  const run = async (key: string, action: () => Promise<{ message: string }>, success: string, timeout?: number) => {
    setBusy(key);
    try {
      const env = await action();
      toast.success(env.message || success, timeout);
      await refresh();
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(null);
    }
  };

  const insure = (t: TotalCell) =>
    void run(`insure-${t.insuranceCompanyId}`, () => insureWith(id!, t.insuranceCompanyId, t.insuranceCompanyName), '投保成功', INSURE_TOAST_TIMEOUT);
  const remove = (r: PlanRow) => void run(`delete-${r.key}`, () => deletePlanLine(id!, r.insuranceTypeInfoId, r.uavInfoId), '删除成功');
  const reset = () => void run('reset', () => resetPlan(id!), '重置成功');

  const reInquire = async (chosen: number[]) => {
    if (!form || !insurers.data) return;
    if (chosen.length === 0) {
      toast.warning('投保公司不能为空');
      return;
    }
    setBusy('inquiry');
    try {
      const list = insurers.data.filter((i) => chosen.includes(i.id)).map((i) => ({ id: i.id, name: i.name }));
      const env = await requestInquiry({ ...payloadOf(form), id, insuranceCompanyList: list });
      toast.success(env.message || '询价成功');
      setChooser(null);
      const q = new URLSearchParams({ type: String(orderType), id: env.data.id });
      if (from) q.set('from', from);
      navigate(`${routes.plan}?${q.toString()}`, { replace: true });
      await refresh();
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(null);
    }
  };

  const canEditPlan = !readOnly && (state === 1 || state === 2);
  const actions = (
    <div className={mobile ? 'fb-plan-actions fb-plan-actions-mobile' : 'fb-plan-actions'}>
      {!partner && <Button icon="refresh" text="刷新" loading={busy === 'refresh'} onClick={() => void manualRefresh()} />}
      {!partner && !readOnly && state === 1 && <Button icon="undo" intent="danger" variant="outlined" text="撤销询价" onClick={() => setRevoking(id)} />}
      {!partner && !readOnly && orderType === 0 && (state === 1 || state === 2) && (
        <Button
          icon="search-template"
          intent="primary"
          variant="outlined"
          text="重新询价"
          onClick={() => setChooser(chooser ? null : (order?.insuranceCompanyList ?? []).map((c) => Number(c.id)))}
        />
      )}
      {!partner && canEditPlan && <Button icon="reset" text="重置方案" loading={busy === 'reset'} onClick={reset} />}
      {!partner && <Button icon="arrow-left" variant="minimal" text="返回订单查询" onClick={() => navigate(routes.list)} />}
    </div>
  );

  const insurerChooser = chooser && (
    <Card className="fb-chooser" aria-label="选择询价保险公司">
      <div className="fb-form-section">选择询价保险公司</div>
      <div className="fb-insurers">
        {(insurers.data ?? []).map((i: Insurer) => (
          <label key={i.id} className={chooser.includes(i.id) ? 'fb-insurer fb-insurer-on' : 'fb-insurer'}>
            <Checkbox
              checked={chooser.includes(i.id)}
              aria-label={i.name}
              large={mobile}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                setChooser((c) => (c ? (on ? [...c, i.id] : c.filter((x) => x !== i.id)) : c));
              }}
            />
            <InsurerLogo insurer={i} />
          </label>
        ))}
      </div>
      <div className="fb-form-actions">
        <Button text="取消" onClick={() => setChooser(null)} />
        <Button intent="primary" text="开始询价" loading={busy === 'inquiry'} onClick={() => void reInquire(chooser)} />
      </div>
    </Card>
  );

  const insureButton = (t: TotalCell) => (
    <Button
      intent="success"
      size={mobile ? 'large' : 'small'}
      text="投保"
      aria-label={`向${t.insuranceCompanyName}投保`}
      disabled={readOnly || !(state === 2 && t.canInsure) || busy !== null}
      loading={busy === `insure-${t.insuranceCompanyId}`}
      onClick={() => insure(t)}
    />
  );

  const deleteButton = (r: PlanRow) =>
    canEditPlan &&
    rows.length > 1 && (
      <Button
        variant="minimal"
        intent="danger"
        size="small"
        icon="trash"
        aria-label={`删除${r.insuranceTypeInfoName}${r.uavInfoName ? ` ${r.uavInfoName}` : ''}`}
        loading={busy === `delete-${r.key}`}
        disabled={busy !== null}
        onClick={() => remove(r)}
      />
    );

  const lineWho = (r: PlanRow) =>
    r.uavInfoId !== null ? (
      <>
        <div>{r.uavInfoName}</div>
        <DeviceCodes codes={drones[Number(r.uavInfoId)]?.deviceNumber} limit={10} />
      </>
    ) : r.siteSize !== null ? (
      `场地 ${r.siteSize}㎡`
    ) : (
      '—'
    );

  const desktopTable = (
    <div className="fb-table-scroll">
      <HTMLTable bordered compact className="fb-table fb-plan-table" aria-label="保障方案">
        <thead>
          <tr>
            <th>险种</th>
            <th>无人机/标的</th>
            <th>数量</th>
            <th>保额（万元）</th>
            <th>保障期限</th>
            {columns.map((c) => (
              <th key={c.insuranceCompanyId} className="fb-insurer-col">
                <InsurerLogo insurer={{ id: c.insuranceCompanyId, name: c.insuranceCompanyName }} small />
              </th>
            ))}
            {canEditPlan && <th>操作</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} data-line={r.key}>
              <td>{r.insuranceTypeInfoName}</td>
              <td>{lineWho(r)}</td>
              <td>{r.quantity}</td>
              <td>{r.insuranceAmount}</td>
              <td>{termLabel(r.guaranteeTerm)}</td>
              {columns.map((c) => (
                <td key={c.insuranceCompanyId} data-insurer={c.insuranceCompanyId}>
                  <PremiumCell cell={r.insuranceCompanyList.find((x) => x.insuranceCompanyId === c.insuranceCompanyId)} />
                </td>
              ))}
              {canEditPlan && <td>{deleteButton(r)}</td>}
            </tr>
          ))}
          {totals && (
            <tr className="fb-total-row" data-line="total">
              <td colSpan={5}>
                <strong>{totals.insuranceTypeInfoName}</strong>
              </td>
              {totals.insuranceCompanyList.map((t) => (
                <td key={t.insuranceCompanyId} data-insurer={t.insuranceCompanyId}>
                  <div className="fb-total-cell">
                    <strong>{totalText(t)}</strong>
                    {!show && insureButton(t)}
                  </div>
                </td>
              ))}
              {canEditPlan && <td />}
            </tr>
          )}
        </tbody>
      </HTMLTable>
    </div>
  );

  const mobileCards = (
    <div className="fb-plan-cards" aria-label="保障方案">
      {totals?.insuranceCompanyList.map((t) => (
        <Card key={t.insuranceCompanyId} className="fb-m-total-card" data-insurer={t.insuranceCompanyId}>
          <InsurerLogo insurer={{ id: t.insuranceCompanyId, name: t.insuranceCompanyName }} small />
          <div className="fb-m-total">
            <span className="fb-muted">合计</span>
            <strong>{totalText(t)}</strong>
          </div>
          {!show && insureButton(t)}
        </Card>
      ))}
      {rows.map((r) => (
        <Card key={r.key} className="fb-m-line-card" data-line={r.key}>
          <div className="fb-row-between">
            <strong>{r.insuranceTypeInfoName}</strong>
            {deleteButton(r)}
          </div>
          <div className="fb-m-line-meta">
            {r.uavInfoName && <span>{r.uavInfoName}</span>}
            <span>数量 {r.quantity}</span>
            <span>保额 {r.insuranceAmount} 万元</span>
            <span>{termLabel(r.guaranteeTerm)}</span>
          </div>
          {r.uavInfoId !== null && <DeviceCodes codes={drones[Number(r.uavInfoId)]?.deviceNumber} limit={10} />}
          <ul className="fb-m-quotes">
            {r.insuranceCompanyList.map((c) => (
              <li key={c.insuranceCompanyId} data-insurer={c.insuranceCompanyId}>
                <span>{c.insuranceCompanyName}</span>
                <PremiumCell cell={c} />
              </li>
            ))}
          </ul>
        </Card>
      ))}
    </div>
  );

  let body: ReactNode;
  if (!id) body = <NonIdealState icon="search" title="缺少订单编号" action={<Button text="返回订单查询" onClick={() => navigate(routes.list)} />} />;
  else if (!session) body = <NonIdealState icon="lock" title="请先登录" description="登录后可查看保障方案。" />;
  else if (details.error) body = <NonIdealState icon="error" title="加载失败" description={(details.error as Error).message} action={<Button text="重试" onClick={() => void refresh()} />} />;
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
        </div>
        <Callout intent="primary" icon="info-sign" compact className="fb-plan-note">
          {PLAN_NOTE}
        </Callout>
        {order.state === 0 ? (
          <NonIdealState icon="document" title="待询价状态无保障方案" description={order.revokeReason ? `询价已撤销：${order.revokeReason}` : '请编辑投保信息后发起询价。'} />
        ) : plan.error ? (
          <Callout intent="danger">{(plan.error as Error).message}</Callout>
        ) : !plan.data ? (
          <div className="fb-loading-block" aria-busy="true">
            <Spinner size={24} />
          </div>
        ) : mobile ? (
          mobileCards
        ) : (
          desktopTable
        )}
        {insurerChooser}
        <div className="fb-details-toggle">
          <Button variant="minimal" icon={formOpen ? 'chevron-up' : 'chevron-down'} text="投保详情" aria-expanded={formOpen} onClick={() => setFormOpen((o) => !o)} />
        </div>
        <Collapse isOpen={formOpen} keepChildrenMounted={false}>
          {form && (
            <InsureForm
              value={form}
              onChange={() => undefined}
              covers={covers.data ?? []}
              insurers={insurers.data ?? []}
              brands={brands.data ?? []}
              readOnly
              variant={variant}
            />
          )}
        </Collapse>
      </>
    );

  const dialogs = (
    <RevokeDialog
      orderId={revoking}
      mobile={mobile}
      onClose={() => setRevoking(null)}
      onDone={() => {
        setRevoking(null);
        navigate(partner && from ? `${routes.list}?from=${encodeURIComponent(from)}` : routes.list);
      }}
    />
  );

  if (mobile)
    return (
      <div className="fb-m-page fb-m-plan">
        {partner ? <div className="fb-m-pagebar"><h1 className="fb-m-pagetitle">保障方案</h1></div> : <TouchPageBar title="保障方案" fallback={routes.list} />}
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
        <h2 className="fb-page-title">保障方案</h2>
        {order && actions}
      </div>
      <Card className="fb-card">{body}</Card>
      {dialogs}
      <BackToTop />
    </div>
  );
};
