/** 价格说明 (docs/api/price-explanation.md): per line of one insurer's quote, what made its price. */
export type { PriceExplanation, PriceExplanationLine } from '@feibao/domain/ordering/priceExplanation.wire';

export const priceExplanationPath = '/api/v1/uav/order/priceExplanation';

export const priceExplanationKey = (id: string, insuranceCompanyId: number) =>
  [priceExplanationPath, { id, insuranceCompanyId: String(insuranceCompanyId) }] as const;
