import { CoverGroup, insuranceTypeById, visibleInsurers } from '../ordering/catalogue.ts';
import type { OrderForm } from '../ordering/form.ts';
import { buildPlanLines, type PlanLine } from '../ordering/plan.ts';
import { roundYuan, tariffFromTable, tariffTables } from './tariffs.ts';
import type { InsurerTariff, LineQuote, LineQuoteResult, RatingContext } from './types.ts';

export const tariffs: readonly InsurerTariff[] = tariffTables.map(tariffFromTable);

export const tariffFor = (insurerId: number): InsurerTariff | undefined => tariffs.find((t) => t.insurerId === insurerId);

/** Above these an underwriter looks at the risk whatever the tariff says. */
export const MANUAL_DRONE_PRICE = 500_000;
export const MANUAL_MAX_TAKEOFF_KG = 25;

/** The reason a drone line goes to an underwriter before any tariff runs, or null. */
export const manualVerificationReason = (line: PlanLine, form: OrderForm): string | null => {
  if (insuranceTypeById(line.insuranceTypeInfoId)?.groupCode !== CoverGroup.drone || line.uavInfoId === null) return null;
  const drone = form.uavInfoList[Number(line.uavInfoId)];
  if (!drone) return null;
  if ((drone.price ?? 0) > MANUAL_DRONE_PRICE) return '无人机单价超过50万元，需保险公司核保';
  if ((drone.maxFlyingWeight ?? 0) > MANUAL_MAX_TAKEOFF_KG) return '最大起飞重量超过25公斤，需保险公司核保';
  return null;
};

const noTariff: LineQuote = { kind: 'manual', reason: '该保险公司暂无自动报价，需保险公司核保' };

/** One insurer's answer for one line: the manual thresholds first, then its tariff. */
export const rateLine = (
  tariff: InsurerTariff | undefined,
  line: PlanLine,
  form: OrderForm,
  context: RatingContext,
): LineQuote => {
  if (!tariff) return noTariff;
  const quote = tariff.rate(line, form, context);
  // A cover the insurer does not write stays declined: verifying it would change nothing.
  if (quote.kind === 'declined') return quote;
  const reason = manualVerificationReason(line, form);
  return reason ? { kind: 'manual', reason } : quote;
};

/** For stored plan lines (the plan may have lost rows since it was built). */
export const quoteLines = (
  lines: readonly PlanLine[],
  form: OrderForm,
  insurerId: number,
  context: RatingContext,
): { lines: LineQuoteResult[] } => {
  const tariff = tariffFor(insurerId);
  return { lines: lines.map((line) => ({ key: line.key, quote: rateLine(tariff, line, form, context) })) };
};

/** Expects a normalised form. */
export const quoteOrder = (form: OrderForm, insurerId: number, context: RatingContext): { lines: LineQuoteResult[] } =>
  quoteLines(buildPlanLines(form), form, insurerId, context);

/** Sum of the quoted premiums; lines awaiting verification or declined add nothing. */
export const quotedTotal = (results: readonly LineQuoteResult[]): number =>
  roundYuan(results.reduce((sum, r) => sum + (r.quote.kind === 'quoted' ? r.quote.premium : 0), 0));

/**
 * The price range shown while a training school fills in the package (type 1): the
 * cheapest and dearest total over the seven insurers, by the same tariffs as the real
 * quotes. Lines needing manual verification or declined by an insurer are left out of
 * that insurer's total, since no automatic price exists for them yet; the range is an
 * indication, not an offer.
 */
export const priceRange = (form: OrderForm, context: RatingContext): { minPrice: number; maxPrice: number } => {
  const lines = buildPlanLines(form);
  if (lines.length === 0) return { minPrice: 0, maxPrice: 0 };
  const totals = visibleInsurers.map((insurer) => quotedTotal(quoteLines(lines, form, insurer.id, context).lines));
  return { minPrice: Math.min(...totals), maxPrice: Math.max(...totals) };
};
