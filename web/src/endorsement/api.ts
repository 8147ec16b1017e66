/** 批改's calls (docs/api/endorsement.md). */
import useSWR from 'swr';
import type { EndorsementChange } from '@feibao/domain/ordering/endorsement';
import type { EndorsementQuote, EndorsementTerms } from '@feibao/domain/ordering/endorsementPricing';
import type { EndorsementView } from '@feibao/domain/ordering/endorsementView';
import { call, request } from '../api/client.ts';
import { useSession } from '../api/session.ts';
import type { OrderPayment } from '@feibao/domain/payments/api';
import type { PlanRow, TotalsRow } from '@feibao/domain/ordering/api';
import type { OrderAction } from '@feibao/domain/ordering/actions';
import type { Drone } from '@feibao/domain/ordering/form';

const U = '/api/v1/uav';
export const endorsementPaths = {
  price: `${U}/order/endorsement/price`,
  view: `${U}/order/endorsement`,
  request: `${U}/order/endorsement/request`,
  withdraw: `${U}/order/endorsement/withdraw`,
  pay: `${U}/order/endorsement/pay`,
  queue: `${U}/backoffice/endorsements`,
  approve: `${U}/backoffice/endorsement/approve`,
  decline: `${U}/backoffice/endorsement/decline`,
} as const;

export type EndorsementPreview = EndorsementQuote & { removedDeviceNumbers: string[]; terms: EndorsementTerms };
export type OrderEndorsement = { id: string; policyVersion: number | null; endorsement: EndorsementView | null };
export type QueueRow = EndorsementView & {
  orderId: string;
  orderNo: string;
  policyNo: string | null;
  userName: string;
  insuranceCompanyName: string | null;
  ageHours: number;
  overdue: boolean;
};

const OPEN = new Set(['pending', 'referred', 'awaitingPayment']);
/** While it waits for the insurer or the payment the page re-reads every 3 s, so the answer shows as it comes. */
export const useOrderEndorsement = (id: string | null) => {
  const session = useSession();
  return useSWR<OrderEndorsement>(session && id ? [endorsementPaths.view, { id }] : null, {
    refreshInterval: (d) => (d?.endorsement && OPEN.has(d.endorsement.status) ? 3000 : 0),
    dedupingInterval: 0,
  });
};

/** The order's details as the 批改 page needs them (the same call and cache key as the order pages' useOrderDetails). */
export type EndorsedOrder = {
  id: string;
  policyNo: string | null;
  uavInfoList: Drone[];
  insurancePlanList: (PlanRow | TotalsRow)[];
  actions: OrderAction[];
};
export const useEndorsedOrder = (id: string | null) => {
  const session = useSession();
  return useSWR<EndorsedOrder>(session && id ? [`${U}/order/orderDetails`, { id }] : null, { dedupingInterval: 0 });
};

export const priceEndorsement = (id: string, changes: EndorsementChange[]) =>
  request<EndorsementPreview>(endorsementPaths.price, { body: { id, changes } });
export const requestEndorsement = (id: string, changes: EndorsementChange[], confirmedTotal: number) =>
  call<{ id: string; endorsementId: string; endorsementNo: string; status: string }>(endorsementPaths.request, {
    body: { id, changes, confirmedTotal },
  });
export const withdrawEndorsement = (id: string, endorsementId: string) =>
  call(endorsementPaths.withdraw, { body: { id, endorsementId } });
export const payEndorsement = (id: string, endorsementId: string) =>
  request<{ id: string; payment: OrderPayment }>(endorsementPaths.pay, { body: { id, endorsementId } });

export const useEndorsementQueue = (status: string) => {
  const session = useSession();
  return useSWR<{ datas: QueueRow[]; totalCount: number }>(session ? [endorsementPaths.queue, { status }] : null, {
    refreshInterval: 5000,
    dedupingInterval: 0,
    keepPreviousData: true,
  });
};
export const approveEndorsement = (
  orderId: string,
  endorsementId: string,
  reason: string,
  premiums: { key: string; premium: number; deductible: string }[],
) => call(endorsementPaths.approve, { body: { orderId, endorsementId, reason, premiums } });
export const declineEndorsement = (orderId: string, endorsementId: string, reason: string) =>
  call(endorsementPaths.decline, { body: { orderId, endorsementId, reason } });
