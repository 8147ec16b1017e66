/** Ordering calls (docs/api/ordering.md): catalogues, draft, inquiry, price range, plan, list, plan changes. */
import { useState } from 'react';
import useSWR from 'swr';
import {
  droneBrands,
  listInsuranceTypes,
  visibleInsurers,
  type InsuranceType,
  type Insurer,
} from '@feibao/domain/ordering/catalogue';
import type { OrderAction } from '@feibao/domain/ordering/actions';
import type { OrderPage, PlanRow, QuoteProgress, TotalsRow } from '@feibao/domain/ordering/api';
import type { OrderForm } from '@feibao/domain/ordering/form';
import type { RenewalOf, RenewedBy } from '@feibao/domain/ordering/renewal';
import type { CancellationView } from '@feibao/domain/ordering/cancellation.wire';
import { OrderState } from '@feibao/domain/ordering/order.events';
import { call, request } from '../api/client.ts';
import { useSession } from '../api/session.ts';

const base = '/api/v1/uav/order';

export const orderPaths = {
  insurers: `${base}/listInsuranceCompany`,
  insuranceTypes: `${base}/listInsuranceType`,
  droneBrands: `${base}/listDroneBrand`,
  save: `${base}/save`,
  inquiry: `${base}/inquiryPrice`,
  priceRange: `${base}/getAllPrice`,
  page: `${base}/page`,
  details: `${base}/orderDetails`,
  plan: `${base}/listInsurancePlan`,
  insure: `${base}/insure`,
  revoke: `${base}/revoke`,
  deleteLine: `${base}/deleteInsurancePlan`,
  reset: `${base}/reset`,
  infoCollect: `${base}/infocollect`,
} as const;

export const PAGE_SIZE = 20;

export type {
  OrderListRow,
  OrderPage,
  PlanCell,
  PlanCellStatus as InsurerStatus,
  PlanRow,
  QuoteProgress,
  TotalCell,
  TotalsRow,
} from '@feibao/domain/ordering/api';

/** orderDetails: the saved form plus the order's own fields and what the caller may do with it. */
export type OrderDetails = Omit<
  OrderForm,
  'id' | 'orderNo' | 'state' | 'orderType' | 'startDate' | 'insuranceCompanyList'
> & {
  id: string;
  orderNo: string;
  orderType: 0 | 1;
  state: number;
  policyNo: string | null;
  startDate: string | null;
  endDate: string | null;
  totalPremium: number | null;
  insuranceCompanyId: number | null;
  insuranceCompanyName: string | null;
  revokeReason: string | null;
  /** The latest 退保 (docs/api/cancellation.md); null when none was asked for. */
  cancellation?: CancellationView | null;
  insuranceCompanyList?: { id: number; name?: string }[];
  insurancePlanList: (PlanRow | TotalsRow)[];
  quoteProgress: QuoteProgress[];
  /** What the caller may do with the order now (the domain's allowedActions); buttons render from it. */
  actions: OrderAction[];
  /** 续保自 / 已续保为 (docs/api/renewal.md). */
  renewalOf?: RenewalOf | null;
  renewedBy?: RenewedBy | null;
};

export type DroneBrand = { name: string; children: { name: string }[] };
export type PriceRange = { minPrice: number; maxPrice: number };

// ---- reads -------------------------------------------------------------------

// The catalogues are the domain's constants, compiled into this chunk as into the query service that
// answers these calls, and the server checks every form it is sent against its own: the screens take
// them from here, with no round trip before the form can draw (on a phone, its first paint) and no
// second render of the whole form when identical answers arrive. A retry (mutate) still asks the server.
// One copy each, so that the data keeps its identity from render to render.
const fallbacks = {
  insurers: [...visibleInsurers],
  insuranceTypes: [listInsuranceTypes(0), listInsuranceTypes(1)],
  droneBrands: droneBrands.map((brand) => ({ ...brand, children: [...brand.children] })),
};
const catalogue = <T>(fallbackData: T) => ({ fallbackData, revalidateOnMount: false, revalidateIfStale: false });

export const useInsurers = (orderType: number) =>
  useSWR<Insurer[]>([orderPaths.insurers, { id: orderType }], catalogue(fallbacks.insurers));
export const useInsuranceTypes = (orderType: number) =>
  useSWR<InsuranceType[]>(
    [orderPaths.insuranceTypes, { id: orderType }],
    catalogue(fallbacks.insuranceTypes[orderType === 1 ? 1 : 0]),
  );
export const useDroneBrands = () => useSWR<DroneBrand[]>(orderPaths.droneBrands, catalogue(fallbacks.droneBrands));

/** While quotes come in the order re-reads every 2 s, so quotes show as insurers answer. */
export const LIVE_REFRESH_MS = 2000;

export const useOrderDetails = (id: string | null) => {
  const session = useSession();
  const [live, setLive] = useState(false);
  // No deduping: a page opened right after a write must read the order afresh.
  return useSWR<OrderDetails>(session && id ? [orderPaths.details, { id }] : null, {
    refreshInterval: live ? LIVE_REFRESH_MS : 0,
    dedupingInterval: 0,
    onSuccess: (d) => setLive(d.state === OrderState.quoting),
  });
};

export const usePlan = (id: string | null, state: number | undefined) => {
  const session = useSession();
  return useSWR<(PlanRow | TotalsRow)[]>(session && id ? [orderPaths.plan, { id }] : null, {
    refreshInterval: state === OrderState.quoting ? LIVE_REFRESH_MS : 0,
    dedupingInterval: 0,
  });
};

export const useOrderPage = (currentPage: number) => {
  const session = useSession();
  return useSWR<OrderPage>(
    session ? [orderPaths.page, currentPage, session.user?.mobilePhone ?? ''] : null,
    ([path, page, userName]: [string, number, string]) =>
      request<OrderPage>(path, { body: { currentPage: page, pageSize: PAGE_SIZE, userName } }),
    { dedupingInterval: 0 },
  );
};

// ---- writes ------------------------------------------------------------------

export const saveDraft = (form: unknown) => call<{ id: string; orderNo: string }>(orderPaths.save, { body: form });
export const requestInquiry = (form: unknown) => call<{ id: string }>(orderPaths.inquiry, { body: form });

/** The range travels as a JSON string in `message` (and in data for new clients). */
export const fetchPriceRange = async (form: unknown, signal?: AbortSignal): Promise<PriceRange> => {
  const env = await call<PriceRange | null>(orderPaths.priceRange, { body: form, signal });
  if (env.data && typeof env.data.minPrice === 'number') return env.data;
  return JSON.parse(env.message) as PriceRange;
};

export const insureWith = (id: string, insuranceCompanyId: number, insuranceCompanyName: string) =>
  call<unknown>(orderPaths.insure, { query: { id, insuranceCompanyId, insuranceCompanyName } });
export const revokeInquiry = (id: string, revokeReason: string, revokeReasonTxt: string) =>
  call<unknown>(orderPaths.revoke, { query: { id, revokeReason, revokeReasonTxt } });
export const deletePlanLine = (orderInfoId: string, insuranceTypeInfoId: number, uavInfoId: string | null) =>
  call<unknown>(orderPaths.deleteLine, { query: { orderInfoId, insuranceTypeInfoId, uavInfoId: uavInfoId ?? '' } });
export const resetPlan = (orderInfoId: string) => call<unknown>(orderPaths.reset, { query: { orderInfoId } });
export const collectContact = (form: {
  phone: string;
  mailbox?: string;
  enterpriseType?: string;
  guaranteeRange?: string;
}) => call<unknown>(orderPaths.infoCollect, { body: form, auth: 'bearer' });
