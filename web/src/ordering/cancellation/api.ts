/** 退保's calls (docs/api/cancellation.md): the preview, the request; the quote desk's queue, approve, decline. */
import useSWR from 'swr';
import type {
  CancellationApplied,
  CancellationQueueRow,
  CancellationQuote,
} from '@feibao/domain/ordering/cancellation.wire';
import { call } from '../../api/client.ts';
import { useSession } from '../../api/session.ts';

export const cancellationPaths = {
  quote: '/api/v1/uav/order/cancellation/quote',
  apply: '/api/v1/uav/order/cancellation/apply',
  queue: '/api/v1/uav/backoffice/cancellation/page',
  approve: '/api/v1/uav/backoffice/cancellation/approve',
  decline: '/api/v1/uav/backoffice/cancellation/decline',
} as const;

export type { CancellationQueueRow, CancellationQuote };

/** The preview is read afresh each time the dialog opens: the refund depends on the day. */
export const useCancellationQuote = (orderId: string | null) => {
  const session = useSession();
  return useSWR<CancellationQuote>(session && orderId ? [cancellationPaths.quote, { orderId }] : null, {
    dedupingInterval: 0,
    revalidateOnFocus: false,
  });
};

export const applyForCancellation = (orderId: string, reason: string, reasonTxt: string) =>
  call<CancellationApplied>(cancellationPaths.apply, { body: { orderId, reason, reasonTxt: reasonTxt || null } });

export type CancellationQueuePage = {
  datas: CancellationQueueRow[];
  currentPage: number;
  pageSize: number;
  totalCount: number;
};
export const useCancellationQueue = (currentPage: number) =>
  useSWR<CancellationQueuePage>([cancellationPaths.queue, { currentPage, pageSize: 20 }], {
    dedupingInterval: 0,
  });

export const approveCancellation = (row: CancellationQueueRow, reason: string) =>
  call<unknown>(cancellationPaths.approve, {
    body: { orderId: row.orderId, cancellationId: row.cancellationId, reason: reason || null },
  });
export const declineCancellation = (row: CancellationQueueRow, reason: string) =>
  call<unknown>(cancellationPaths.decline, {
    body: { orderId: row.orderId, cancellationId: row.cancellationId, reason },
  });
