/**
 * 对比's call (docs/api/comparison.md): each insurer's quote for the loss the customer chose, cheapest expected
 * cost first. Asked only once the plan has been read, so with a session. The fetcher is named here so this lazy
 * chunk shares the client's chunk instead of splitting Blueprint out of it (the phone first-load budget).
 */
import useSWR from 'swr';
import type { Comparison, LossChoice } from '@feibao/domain/ordering/comparison';
import { swrFetcher } from '../../api/client.ts';

export const comparisonPath = '/api/v1/uav/order/comparison';

export type { Comparison, LossChoice };
export type InsurerComparison = Comparison['insurers'][number];
export type ComparisonLine = InsurerComparison['lines'][number];

export const useComparison = (orderId: string | null, loss: LossChoice) => {
  const query: Record<string, string> = {
    id: orderId ?? '',
    hullLoss: String(loss.hullLoss),
    hullKind: loss.hullKind,
    thirdPartyLoss: String(loss.thirdPartyLoss),
    thirdPartyKind: loss.thirdPartyKind,
  };
  if (loss.uavInfoId !== null) query.uavInfoId = loss.uavInfoId;
  return useSWR<Comparison>(orderId ? [comparisonPath, query] : null, swrFetcher<Comparison>, {
    keepPreviousData: true,
    revalidateOnFocus: false,
  });
};
