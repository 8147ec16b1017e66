import type { ConnectionOptions } from 'bullmq';
import { workQueue } from '@feibao/platform/queues';

/**
 * Payment work (docs/api/payments.md): asking the provider about a trade no notification confirmed
 * (reconcile), letting an unpaid purchase lapse at its due time (expire), closing a lapsed trade, carrying out
 * a refund, and the periodic sweep of unpaid purchases.
 */
export const PAYMENTS_QUEUE = 'payments';

export type PaymentJob = (
  | { kind: 'reconcile'; orderId: string; tradeNo: string }
  | { kind: 'expire'; orderId: string; tradeNo: string }
  | { kind: 'close'; orderId: string; tradeNo: string }
  | { kind: 'refund'; orderId: string; tradeNo: string; refundNo: string; amount: number; reason: string }
  | { kind: 'payment-sweep' }
) & { originRequestId?: string };

export const paymentsQueue = (connection: ConnectionOptions, prefix: string) =>
  workQueue<PaymentJob>(PAYMENTS_QUEUE, connection, prefix);

/** Deterministic ids: a replayed event adds nothing twice. */
export const paymentJobId = (job: PaymentJob) => {
  switch (job.kind) {
    case 'reconcile':
    case 'expire':
    case 'close':
      return `${job.kind}_${job.tradeNo}`;
    case 'refund':
      return `refund_${job.refundNo}`;
    case 'payment-sweep':
      return undefined;
  }
};
