import type { ClaimDetails } from '@feibao/domain/claims/api';

/**
 * 保单版本 on the claim screens: the version the claim was opened against and, when a 批改 removed drones,
 * each with the day from which an accident of it is not covered.
 */
export const policyVersionText = (c: Pick<ClaimDetails, 'policyVersion' | 'removedDrones'>): string => {
  const removed = (c.removedDrones ?? []).map((r) => `${r.deviceNumber} 于 ${r.effectiveDate} 减除`);
  return `第${c.policyVersion ?? 1}版${removed.length > 0 ? `（${removed.join('；')}）` : ''}`;
};
