import {
  assessExposure,
  assessTotal,
  type DeductibleRule,
  type ExposureResult,
  lineLimitYuan,
  type LossKind,
  parseDeductible,
} from '../claims/settlement.ts';
import { invalid } from '../shared/errors.ts';
import type { PlanCell, PlanCellStatus, PlanRow, TotalCell, TotalsRow } from './api.ts';
import { CoverId } from './catalogue.ts';

/**
 * 对比 (docs/api/comparison.md): each insurer's quote next to the others for one loss the customer
 * chooses. What a line would pay is the claims desk's own arithmetic (claims/settlement.ts) on the
 * insurer's deductible wording and the line's sum insured, so the comparison cannot promise more than a
 * claim would pay. Built from the plan rows the plan page shows (read-models planRows), nothing else.
 */

export type HullLossKind = 'damage' | 'theft';
export type ThirdPartyKind = 'property' | 'injury';
export type LossChoice = {
  /** Yuan; the loss to one drone's hull. 0: none. */
  hullLoss: number;
  hullKind: HullLossKind;
  /** Yuan; what the same drone's flight owes third parties. 0: none. */
  thirdPartyLoss: number;
  thirdPartyKind: ThirdPartyKind;
  /** The drone the loss happens to (its uavInfoId on the plan); null: the plan's first drone. */
  uavInfoId: string | null;
};

export const defaultLoss: LossChoice = {
  hullLoss: 20_000,
  hullKind: 'damage',
  thirdPartyLoss: 200_000,
  thirdPartyKind: 'property',
  uavInfoId: null,
};

export type ComparisonLabel = 'firm' | 'indicative' | 'underwriting' | 'expired';
export const comparisonLabelText: Readonly<Record<ComparisonLabel, string>> = {
  firm: '可直接投保',
  indicative: '参考报价',
  underwriting: '需人工核保',
  expired: '已过期',
};
export const MANUAL_DEDUCTIBLE = '需人工确认免赔';

/** The deductible wording as numbers (claims/settlement.ts parseDeductible); null fields: the wording has none. */
export type DeductibleFigures = {
  understood: boolean;
  /** Applies to every kind without its own rule: max(percent % × loss, minimumYuan). */
  percent: number;
  minimumYuan: number;
  property: DeductibleRule | null;
  injury: DeductibleRule | null;
  perPayoutCapYuan: number | null;
};

export type LineLoss = {
  role: 'hull' | 'thirdParty';
  kind: LossKind;
  lossYuan: number;
  /** Null while the line is not priced or its wording needs a person (需人工确认免赔). */
  deductibleYuan: number | null;
  payableYuan: number | null;
  outOfPocketYuan: number | null;
  cappedBy: 'limit' | 'perPayout' | null;
};

export type ComparisonLine = {
  key: string;
  insuranceTypeInfoId: number;
  insuranceTypeInfoName: string;
  uavInfoId: string | null;
  uavInfoName: string | null;
  /** 10k yuan, as on the plan. */
  insuranceAmount: number;
  status: PlanCellStatus;
  premium: number | null;
  /** Premium per ¥10,000 of the line's sum insured; null when the line has no amount to divide by. */
  premiumPer10k: number | null;
  deductibleText: string | null;
  deductible: DeductibleFigures | null;
  /** The part of the chosen loss this line takes; null when it takes none. */
  loss: LineLoss | null;
};

export type InsurerComparison = {
  insuranceCompanyId: number;
  insuranceCompanyName: string;
  label: ComparisonLabel;
  labelText: string;
  /** Σ premiums when every line is priced; null otherwise. */
  totalPremium: number | null;
  /** Σ over the lines taking the loss, plus any loss no line of the plan takes; null when not computable. */
  outOfPocketYuan: number | null;
  payableYuan: number | null;
  /** totalPremium + outOfPocketYuan: the sort key; null sorts last. */
  expectedCostYuan: number | null;
  /** A line taking the loss has wording nobody can read automatically: '需人工确认免赔'. */
  deductibleNote: string | null;
  canInsure: boolean;
  validUntil: string | null;
  lines: ComparisonLine[];
};

export type Comparison = {
  orderInfoId: string;
  loss: LossChoice & { uavInfoName: string | null };
  /** The loss no line of the plan takes (same for every insurer), e.g. third-party loss without a liability cover. */
  uncoveredYuan: number;
  drones: { uavInfoId: string; uavInfoName: string | null }[];
  insurers: InsurerComparison[];
};

/**
 * Which covers take which loss (docs/api/comparison.md "Which loss applies to which line"). 综合险 takes only
 * the hull loss: its line carries the hull wording and the drone's value, so there is no liability limit or
 * wording a claim on its 三者 part would be settled with.
 */
const hullCovers: Readonly<Record<HullLossKind, readonly number[]>> = {
  damage: [CoverId.hull, CoverId.comprehensive],
  theft: [CoverId.theft],
};

/** Training liability's amount is a plan tier (0/1), not a sum insured. */
const hasSumInsured = (row: PlanRow) =>
  row.insuranceTypeInfoId !== CoverId.trainingLiability && row.insuranceAmount > 0;

const round2 = (n: number) => Math.round(n * 100) / 100;

const figuresOf = (text: string): DeductibleFigures => {
  const terms = parseDeductible(text);
  return {
    understood: terms.understood,
    percent: terms.general.percent,
    minimumYuan: terms.general.minimumYuan,
    property: terms.byKind.property ?? null,
    injury: terms.byKind.injury ?? null,
    perPayoutCapYuan: terms.perPayoutCapYuan,
  };
};

type Exposure = { key: string; role: LineLoss['role']; kind: LossKind; lossYuan: number };

/** The lines of the chosen drone (or the order) that take each part of the loss, and what no line takes. */
const exposuresOf = (rows: readonly PlanRow[], loss: LossChoice, uavInfoId: string | null) => {
  const exposures: Exposure[] = [];
  let uncovered = 0;
  const onDrone = rows.filter((r) => uavInfoId !== null && r.uavInfoId === uavInfoId);
  if (loss.hullLoss > 0) {
    const line = onDrone.find((r) => hullCovers[loss.hullKind].includes(r.insuranceTypeInfoId));
    if (line) exposures.push({ key: line.key, role: 'hull', kind: 'drone', lossYuan: loss.hullLoss });
    else uncovered += loss.hullLoss;
  }
  if (loss.thirdPartyLoss > 0) {
    // The drone's own 三者险 first; a training site's 场地/公众责任险 answers for third parties otherwise.
    const line =
      onDrone.find((r) => r.insuranceTypeInfoId === CoverId.liability) ??
      rows.find((r) => r.insuranceTypeInfoId === CoverId.siteLiability);
    if (line)
      exposures.push({ key: line.key, role: 'thirdParty', kind: loss.thirdPartyKind, lossYuan: loss.thirdPartyLoss });
    else uncovered += loss.thirdPartyLoss;
  }
  return { exposures, uncovered: round2(uncovered) };
};

/** The firmness of a quote from the plan's own facts (PlanCell status, TotalCell expired / quotedAll). */
export const comparisonLabel = (total: Pick<TotalCell, 'quotedAll' | 'expired'>, cells: readonly PlanCell[]) => {
  if (total.expired) return 'expired';
  if (total.quotedAll) return 'firm';
  const refused = cells.some((c) => c.status === 'declined' || c.status === 'timed-out');
  const somePriced = cells.some((c) => c.status === 'quoted');
  return !refused && somePriced ? 'indicative' : 'underwriting';
};

const lineLoss = (exposure: Exposure, cell: PlanCell | undefined, row: PlanRow): [LineLoss, ExposureResult | null] => {
  const base = { role: exposure.role, kind: exposure.kind, lossYuan: exposure.lossYuan, cappedBy: null };
  if (cell?.status !== 'quoted' || cell.deductiblePremiumString === null)
    return [{ ...base, deductibleYuan: null, payableYuan: null, outOfPocketYuan: null }, null];
  const result = assessExposure({
    lossYuan: exposure.lossYuan,
    kind: exposure.kind,
    deductibleText: cell.deductiblePremiumString,
    limitYuan: lineLimitYuan(row.insuranceAmount),
  });
  if (!result.understood) return [{ ...base, deductibleYuan: null, payableYuan: null, outOfPocketYuan: null }, result];
  return [
    {
      ...base,
      deductibleYuan: result.deductibleYuan,
      payableYuan: result.payableYuan,
      outOfPocketYuan: round2(result.lossYuan - result.payableYuan),
      cappedBy: result.cappedBy,
    },
    result,
  ];
};

const labelRank: Readonly<Record<ComparisonLabel, number>> = { firm: 0, indicative: 1, expired: 2, underwriting: 3 };

export const compareQuotes = (planRows: readonly (PlanRow | TotalsRow)[], loss: LossChoice): Comparison => {
  const rows = planRows.filter((r): r is PlanRow => r.isTotal !== true);
  const totals = planRows.find((r): r is TotalsRow => r.isTotal === true);
  const drones = [
    ...new Map(
      rows
        .filter((r) => r.uavInfoId !== null)
        .map((r) => [r.uavInfoId!, { uavInfoId: r.uavInfoId!, uavInfoName: r.uavInfoName }]),
    ).values(),
  ];
  if (loss.uavInfoId !== null && !drones.some((d) => d.uavInfoId === loss.uavInfoId))
    throw invalid('所选无人机不在本订单的方案中');
  const uavInfoId = loss.uavInfoId ?? drones[0]?.uavInfoId ?? null;
  const { exposures, uncovered } = exposuresOf(rows, loss, uavInfoId);

  const insurers = (totals?.insuranceCompanyList ?? []).map((total): InsurerComparison => {
    const cellOf = (row: PlanRow) =>
      row.insuranceCompanyList.find((c) => c.insuranceCompanyId === total.insuranceCompanyId);
    const results: ExposureResult[] = [];
    let computable = true;
    let manual = false;
    const lines = rows.map((row): ComparisonLine => {
      const cell = cellOf(row);
      const premium = cell?.status === 'quoted' ? cell.insurancePremium : null;
      const text = cell?.status === 'quoted' ? cell.deductiblePremiumString : null;
      const exposure = exposures.find((e) => e.key === row.key);
      let taken: LineLoss | null = null;
      if (exposure) {
        const [figures, result] = lineLoss(exposure, cell, row);
        taken = figures;
        if (result && !result.understood) manual = true;
        if (figures.payableYuan === null || result === null) computable = false;
        else results.push(result);
      }
      return {
        key: row.key,
        insuranceTypeInfoId: row.insuranceTypeInfoId,
        insuranceTypeInfoName: row.insuranceTypeInfoName,
        uavInfoId: row.uavInfoId,
        uavInfoName: row.uavInfoName,
        insuranceAmount: row.insuranceAmount,
        status: cell?.status ?? 'requested',
        premium,
        premiumPer10k: premium !== null && hasSumInsured(row) ? round2(premium / row.insuranceAmount) : null,
        deductibleText: text,
        deductible: text === null ? null : figuresOf(text),
        loss: taken,
      };
    });
    const sum = computable ? assessTotal(results) : null;
    const outOfPocket = sum ? round2(sum.lossYuan - sum.payableYuan + uncovered) : null;
    const label = comparisonLabel(
      total,
      rows.map(cellOf).filter((c): c is PlanCell => c !== undefined),
    );
    return {
      insuranceCompanyId: total.insuranceCompanyId,
      insuranceCompanyName: total.insuranceCompanyName,
      label,
      labelText: comparisonLabelText[label],
      totalPremium: total.total,
      outOfPocketYuan: outOfPocket,
      payableYuan: sum ? sum.payableYuan : null,
      expectedCostYuan: total.total !== null && outOfPocket !== null ? round2(total.total + outOfPocket) : null,
      deductibleNote: manual ? MANUAL_DEDUCTIBLE : null,
      canInsure: total.canInsure,
      validUntil: total.validUntil,
      lines,
    };
  });

  // Cheapest expected cost first; an expired quote (not buyable before a new inquiry) after the live ones;
  // quotes without an expected cost last, firmest first.
  const group = (c: InsurerComparison) => (c.expectedCostYuan === null ? 2 : c.label === 'expired' ? 1 : 0);
  insurers.sort(
    (a, b) =>
      group(a) - group(b) ||
      (a.expectedCostYuan ?? 0) - (b.expectedCostYuan ?? 0) ||
      labelRank[a.label] - labelRank[b.label] ||
      a.insuranceCompanyId - b.insuranceCompanyId,
  );
  return {
    orderInfoId: totals?.orderInfoId ?? rows[0]?.orderInfoId ?? '',
    loss: { ...loss, uavInfoId, uavInfoName: drones.find((d) => d.uavInfoId === uavInfoId)?.uavInfoName ?? null },
    uncoveredYuan: uncovered,
    drones,
    insurers,
  };
};
