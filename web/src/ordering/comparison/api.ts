/** 对比's call (docs/api/comparison.md): each insurer's quote for the loss the customer chose, cheapest expected cost first. */
import useSWR from 'swr';
import type { Comparison, LossChoice } from '@feibao/domain/ordering/comparison';
import { useSession } from '../../api/session.ts';

export const comparisonPath = '/api/v1/uav/order/comparison';

export type { Comparison, LossChoice };
export type InsurerComparison = Comparison['insurers'][number];
export type ComparisonLine = InsurerComparison['lines'][number];

export const useComparison = (orderId: string | null, loss: LossChoice) => {
  const session = useSession();
  const query: Record<string, string> = {
    id: orderId ?? '',
    hullLoss: String(loss.hullLoss),
    hullKind: loss.hullKind,
    thirdPartyLoss: String(loss.thirdPartyLoss),
    thirdPartyKind: loss.thirdPartyKind,
  };
  if (loss.uavInfoId !== null) query.uavInfoId = loss.uavInfoId;
  return useSWR<Comparison>(session && orderId ? [comparisonPath, query] : null, {
    keepPreviousData: true,
    revalidateOnFocus: false,
  });
};
