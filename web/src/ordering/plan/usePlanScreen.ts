/**
 * The plan page's data: the order and its plan (re-read every 2 s while quotes come in),
 * the catalogues for the read-only form, and the plan's actions, each followed by a re-read.
 * Which actions are offered comes from the order's `actions` (see ../actions.ts).
 */
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { INSURE_TOAST_TIMEOUT, notifyError, toast } from '../../api/toaster.ts';
import { routesOf, type Variant } from '../../shared/site.ts';
import { can, type OrderAction } from '../actions.ts';
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
  type PlanRow,
  type TotalCell,
  type TotalsRow,
} from '../api.ts';
import { fromOrder, payloadOf } from '../insure/formState.ts';

export const usePlanScreen = (variant: Variant) => {
  const routes = routesOf(variant);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = params.get('id');
  /** show=true: the plan opens read-only (the list sends it once the plan can no longer change). */
  const show = params.get('show') === 'true';
  const from = params.get('from');

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
  /** Insurers whose columns (desktop) or cards (mobile) are hidden, e.g. by 只看满足要求的报价 (../requirements/). */
  const [hiddenInsurerIds, setHiddenInsurerIds] = useState<readonly number[]>([]);
  // The views lay out what is left: hidden insurers are taken out of every row here, once.
  const keep = <T extends { insuranceCompanyId: number }>(list: T[]) =>
    list.filter((c) => !hiddenInsurerIds.includes(c.insuranceCompanyId));
  const rows = (plan.data ?? [])
    .filter((r): r is PlanRow => !r.isTotal)
    .map((r) => ({ ...r, insuranceCompanyList: keep(r.insuranceCompanyList) }));
  const allTotals = (plan.data ?? []).find((r): r is TotalsRow => r.isTotal === true);
  const totals = allTotals && { ...allTotals, insuranceCompanyList: keep(allTotals.insuranceCompanyList) };
  const columns = totals?.insuranceCompanyList ?? rows[0]?.insuranceCompanyList ?? [];
  const form = useMemo(() => (order ? fromOrder(order) : null), [order]);
  /** An action offered on this page: allowed by the server and the page not opened read-only. */
  const may = (action: OrderAction) => !show && can(order?.actions, action);

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

  /** 投保 opens the texts to read and confirm first (docs/api/disclosure.md); the purchase follows the confirmation. */
  const [termsFor, setTermsFor] = useState<TotalCell | null>(null);
  const insure = (t: TotalCell) => setTermsFor(t);
  const closeTerms = () => setTermsFor(null);
  const termsConfirmed = () => {
    const t = termsFor;
    setTermsFor(null);
    if (t)
      void run(
        `insure-${t.insuranceCompanyId}`,
        () => insureWith(id!, t.insuranceCompanyId, t.insuranceCompanyName),
        '投保成功',
        INSURE_TOAST_TIMEOUT,
      );
  };
  const remove = (r: PlanRow) =>
    void run(`delete-${r.key}`, () => deletePlanLine(id!, r.insuranceTypeInfoId, r.uavInfoId), '删除成功');
  const reset = () => void run('reset', () => resetPlan(id!), '重置成功');

  /** A new round of quotes on this order from the chosen insurers; onSent runs once it is accepted. */
  const newRound = async (chosen: number[], onSent: () => void) => {
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
      onSent();
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

  return {
    id,
    show,
    from,
    routes,
    details,
    order,
    plan,
    form,
    covers,
    insurers,
    brands,
    rows,
    totals,
    columns,
    hiddenInsurerIds,
    setHiddenInsurerIds,
    busy,
    may,
    refresh,
    manualRefresh,
    insure,
    termsFor,
    closeTerms,
    termsConfirmed,
    remove,
    reset,
    newRound,
  };
};

export type PlanScreen = ReturnType<typeof usePlanScreen>;
