import { CoverGroup, insuranceTypeById } from '../ordering/catalogue.ts';
import type { OrderForm } from '../ordering/form.ts';
import type { PlanLine } from '../ordering/plan.ts';
import type { LineQuote, RatingContext } from '../rating/types.ts';
import type { RiskEffect } from './config.ts';
import type { PipelineStage } from './definition.ts';
import type { Jdm } from './jdm.ts';

/**
 * What the engine is asked and what its answers mean for a quote line: the facts a rule sees,
 * the mapping of its output to a LineQuote, the precedence of referral, decline and price, and
 * the compact trace a quote line keeps. Pure; the engine runs in @feibao/platform rules/engine.ts.
 */

export const REFERRAL_RULE_ID = 'referral';
export const PRICE_RANGE_RULE_ID = 'price-range';
export const LIMITS_RULE_ID = 'limits';
/** 批改规则 (stage endorsement): per insurer the minimum extra and return premium, the amount an underwriter sees. */
export const ENDORSEMENT_RULE_ID = 'endorsement-terms';
export const tariffRuleId = (insurerId: number) => `tariff-${insurerId}`;

export type RuleRef = { ruleId: string; version: number };

/** One evaluated node: its name and type, the row or branch that matched, and what it added. */
export type TraceStep = {
  rule: string;
  node: string;
  type: string;
  matched?: string;
  output?: Record<string, unknown>;
};

/** Whole years are not enough: a drone bought 13 months ago is already in its second band. */
export const droneAgeYears = (productionDate: string | undefined, today: string): number | null => {
  if (!productionDate) return null;
  const days = (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${productionDate}T00:00:00Z`)) / 86_400_000;
  return Number.isNaN(days) ? null : Math.max(0, days / 365.25);
};

const droneOf = (line: PlanLine, form: OrderForm) =>
  line.uavInfoId === null ? undefined : form.uavInfoList[Number(line.uavInfoId)];

/** The facts of one plan line a tariff rule rates; every field is present (null when unknown). */
export const tariffInput = (line: PlanLine, form: OrderForm, context: RatingContext) => {
  const drone = droneOf(line, form);
  const site = form.siteInfo;
  return {
    cover: line.insuranceTypeInfoId,
    quantity: line.quantity,
    /** 10k yuan; training liability: 0 standard, 1 premium plan. */
    amount: line.insuranceAmount,
    term: line.guaranteeTerm,
    siteSize: line.siteSize ?? null,
    field: form.flyingInfo.applicationField ?? null,
    drone: drone
      ? {
          price: drone.price ?? null,
          deviceType: drone.deviceType ?? null,
          ageYears: droneAgeYears(drone.productionYear, context.today),
          windResistance: drone.windResistance ?? null,
          selfRescuePlan: drone.selfRescuePlan ?? null,
          realTimeData: drone.realTimeFlightData === 1,
          maxTakeoffKg: drone.maxFlyingWeight ?? null,
        }
      : null,
    site: {
      historyAccident: site.historyAccident === '1',
      thirdParty: site.thirdPartyEnter === '1' || site.thirdPartyOperate === '1',
    },
  };
};
export type TariffInput = ReturnType<typeof tariffInput>;

/** The referral rule sees drone covers of a drone that exists only. */
export const referralInput = (line: PlanLine, form: OrderForm) => {
  const drone = droneOf(line, form);
  return {
    droneCover: insuranceTypeById(line.insuranceTypeInfoId)?.groupCode === CoverGroup.drone && drone !== undefined,
    drone: drone ? { price: drone.price ?? null, maxTakeoffKg: drone.maxFlyingWeight ?? null } : null,
  };
};

/**
 * What every pipeline rule sees of a line: the tariff facts and whether it is a drone cover of a
 * drone on the form, with the insurer's limit added (`limitFacts`).
 */
export const lineFacts = (line: PlanLine, form: OrderForm, context: RatingContext) => ({
  ...tariffInput(line, form, context),
  droneCover: referralInput(line, form).droneCover,
});
export type LineFacts = ReturnType<typeof lineFacts>;

/** One cell of 险种启用限制 (config kind insuranceLimit): amounts in 万元 like the form, drone price in yuan. */
export type InsurerLimit = {
  insurerId: number;
  coverId: number;
  enabled: boolean;
  minAmount: number | null;
  maxAmount: number | null;
  maxDronePrice: number | null;
  maxTakeoffKg: number | null;
};

/** The insurer's limit for the line's cover (null when none is set), which every stage sees (engine.ts). */
export const limitFacts = (facts: LineFacts, limit: InsurerLimit | null) => ({
  ...facts,
  limit: limit && {
    enabled: limit.enabled,
    minAmount: limit.minAmount,
    maxAmount: limit.maxAmount,
    maxDronePrice: limit.maxDronePrice,
    maxTakeoffKg: limit.maxTakeoffKg,
  },
});

export const ratingMessages = {
  noTariff: '该保险公司暂无自动报价，需保险公司核保',
  badOutput: '费率规则未给出有效结果，需保险公司核保',
  engineFailed: '费率规则执行失败，需保险公司核保',
} as const;

/** A tariff rule's output as a LineQuote; anything unexpected goes to an underwriter rather than pricing wrongly. */
export const lineQuoteOf = (output: unknown): LineQuote => {
  const o = (output ?? {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : null);
  switch (o.kind) {
    case 'quoted': {
      const premium = typeof o.premium === 'number' ? o.premium : Number.NaN;
      const deductible = typeof o.deductible === 'string' ? o.deductible : null;
      if (!Number.isFinite(premium) || premium < 0 || deductible === null)
        return { kind: 'manual', reason: ratingMessages.badOutput };
      return { kind: 'quoted', premium: Math.round(premium * 100) / 100, deductible };
    }
    case 'manual':
    case 'declined':
      return { kind: o.kind, reason: text(o.reason) ?? ratingMessages.badOutput };
    default:
      return { kind: 'manual', reason: ratingMessages.badOutput };
  }
};

/** The referral rule's reason, or null when the line need not be verified. */
export const referralReasonOf = (output: unknown): string | null => {
  const reason = ((output ?? {}) as { referral?: { reason?: unknown } }).referral?.reason;
  return typeof reason === 'string' && reason.trim() !== '' ? reason : null;
};

/** What one rule said about a line; null: nothing (the rule does not decide this line). */
export type Verdict = LineQuote | null;

/**
 * A rule's output, read the same way in every stage: `decline.reason` declines, `referral.reason`
 * sends the line to an underwriter, a `kind` is a rating answer. A rating rule that says none of
 * these is broken and refers rather than prices wrongly.
 */
export const verdictOf = (stage: PipelineStage, output: unknown, hit?: RuleHit): Verdict => {
  const o = (output ?? {}) as { decline?: { reason?: unknown }; kind?: unknown; hit?: unknown; reason?: unknown };
  const decline = o.decline?.reason;
  if (typeof decline === 'string' && decline.trim() !== '') return { kind: 'declined', reason: decline };
  const referral = referralReasonOf(output);
  if (referral) return { kind: 'manual', reason: referral };
  if (o.kind !== undefined && o.kind !== null) return lineQuoteOf(output);
  if (o.hit === true) return hitVerdict(hit, typeof o.reason === 'string' && o.reason.trim() !== '' ? o.reason : null);
  return stage === 'rating' ? { kind: 'manual', reason: ratingMessages.badOutput } : null;
};

/**
 * What a rule that only says `hit: true` does is its risk level's (规则风险等级): refer, decline, or
 * nothing (auto). Staff can so change a rule's effect without a new version. `fallback`: the
 * reason when the output gives none (the rule's staff message, else its name).
 */
export type RuleHit = { effect: RiskEffect | null; fallback: string };
const hitVerdict = (hit: RuleHit | undefined, reason: string | null): Verdict => {
  switch (hit?.effect) {
    case 'refer':
      return { kind: 'manual', reason: reason ?? hit.fallback };
    case 'decline':
      return { kind: 'declined', reason: reason ?? hit.fallback };
    default:
      return null;
  }
};

/**
 * One insurer's answer from the verdicts in pipeline order: a failed rule refers; a decline
 * anywhere declines (verifying would change nothing); without any rating verdict there is no
 * automatic quote; otherwise the first referral beats the first price.
 */
export const combineVerdicts = (
  verdicts: readonly { stage: PipelineStage; verdict: Verdict | 'failed' }[],
): LineQuote => {
  if (verdicts.some((v) => v.verdict === 'failed')) return { kind: 'manual', reason: ratingMessages.engineFailed };
  let manual: LineQuote | null = null;
  let price: LineQuote | null = null;
  let rated = false;
  for (const { stage, verdict } of verdicts as { stage: PipelineStage; verdict: Verdict }[]) {
    if (!verdict) continue;
    if (stage === 'rating') rated = true;
    if (verdict.kind === 'declined') return verdict;
    if (verdict.kind === 'manual') manual ??= verdict;
    else price ??= verdict;
  }
  if (!rated) return { kind: 'manual', reason: ratingMessages.noTariff };
  return manual ?? price ?? { kind: 'manual', reason: ratingMessages.noTariff };
};

// ---------------------------------------------------------------------------
// Trace

/** What the engine reports per node (ZEN's trace, the fields we keep). */
export type EngineTraceEntry = { id: string; name: string; order: number; output?: unknown; traceData?: unknown };

const pick = (value: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), value);

/**
 * Per evaluated node in order: a table's matched row and its own outputs, a switch's branch, an
 * expression's results. Inputs are left out: re-evaluating the version on the stored form gives them.
 */
export const compactTrace = (
  rule: string,
  model: Jdm,
  trace: Record<string, EngineTraceEntry> | undefined,
): TraceStep[] => {
  if (!trace) return [];
  const nodes = new Map(model.nodes.map((n) => [n.id, n]));
  return Object.values(trace)
    .sort((a, b) => a.order - b.order)
    .flatMap((entry): TraceStep[] => {
      const node = nodes.get(entry.id);
      if (!node) return [];
      const data = (entry.traceData ?? {}) as Record<string, unknown>;
      switch (node.type) {
        case 'decisionTableNode': {
          const content = node.content as { outputs?: { field: string }[] };
          const row = data.rule as { _id?: string } | undefined;
          const output = Object.fromEntries(
            (content.outputs ?? []).map((o) => [o.field, pick(entry.output, o.field) ?? null]),
          );
          return [{ rule, node: node.name, type: 'decisionTable', ...(row?._id ? { matched: row._id } : {}), output }];
        }
        case 'switchNode': {
          const statements = (data.statements ?? []) as { id: string }[];
          const content = node.content as { statements?: { id: string; condition: string }[] };
          const taken = statements
            .map((s) => content.statements?.find((c) => c.id === s.id)?.condition || '其他')
            .join(' | ');
          return [{ rule, node: node.name, type: 'switch', matched: taken }];
        }
        case 'expressionNode':
          return [
            {
              rule,
              node: node.name,
              type: 'expression',
              output: Object.fromEntries(
                Object.entries(data).map(([k, v]) => [k, (v as { result?: unknown })?.result ?? null]),
              ),
            },
          ];
        default:
          return [];
      }
    });
};
