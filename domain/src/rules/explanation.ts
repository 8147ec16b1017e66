import type { Jdm } from './jdm.ts';
import type { RuleRef, TraceStep } from './rating.ts';

/**
 * 价格说明: what made a quote line's price, in the customer's words, from the stored compact trace of
 * the rule version that rated it (docs/api/price-explanation.md). Pure. Node names and ids are only
 * used to find a step's node in the version's content, never shown: a decision table's output takes
 * the label of its own column there, so a table an underwriter adds explains itself; expression
 * outputs have no label in the model, so they take one from `expressionLabels` or are left out.
 */

export type FactorKind = 'coefficient' | 'money' | 'percent' | 'number';
export type PriceFactor = { label: string; value: number; kind: FactorKind; text: string };
export type PriceExplanationBody = { factors: PriceFactor[]; formula: string; ruleVersion: string };

/** The facts an explanation reads beside the trace: the term and the flags a rule prices inline. */
export type ExplainedFacts = {
  term?: number;
  drone?: { realTimeData?: boolean | null } | null;
  site?: { historyAccident?: boolean; thirdParty?: boolean } | null;
};

/** Outputs that are the answer itself (shown elsewhere) or a check's verdict, never a factor. */
const answerFields = new Set(['kind', 'reason', 'deductible', 'limit.deductible', 'outcome.kind', 'outcome.reason']);

/** Labels of the seeded rules' outputs, for content without column names and for expression results. */
export const expressionLabels: Readonly<Record<string, { label: string; kind: FactorKind }>> = {
  'factor.droneType': { label: '机型系数', kind: 'coefficient' },
  'factor.age': { label: '机龄系数', kind: 'coefficient' },
  'factor.wind': { label: '抗风系数', kind: 'coefficient' },
  'factor.selfRescue': { label: '自救系数', kind: 'coefficient' },
  'factor.field': { label: '行业系数', kind: 'coefficient' },
  'factor.weight': { label: '重量系数', kind: 'coefficient' },
  'limit.perUnit': { label: '每架年保费', kind: 'money' },
  'limit.base': { label: '基础年保费', kind: 'money' },
  'accident.perHead': { label: '每万元保额年费率', kind: 'money' },
  loadings: { label: '系数合计', kind: 'coefficient' },
  hullAnnual: { label: '机身部分年保费', kind: 'money' },
  annual: { label: '年保费', kind: 'money' },
  shortTerm: { label: '短期费率', kind: 'percent' },
  hullPremium: { label: '机身部分保费', kind: 'money' },
  liabilityPremium: { label: '三者责任部分保费', kind: 'money' },
  perHead: { label: '每人保费', kind: 'money' },
};

/** Yes/no facts a rule may price inline (`fact ? loading : 1`), by the label of their loading. */
const flagLabels: Readonly<Record<string, string>> = {
  'drone.realTimeData': '实时飞行数据系数',
  'site.historyAccident': '历史事故系数',
  'site.thirdParty': '第三方进入系数',
};

const kindOfLabel = (label: string): FactorKind =>
  /系数$/.test(label)
    ? 'coefficient'
    : /保费|金额/.test(label)
      ? 'money'
      : /费率|比例/.test(label)
        ? 'percent'
        : 'number';

const trim = (n: number, digits: number) => String(Number(n.toFixed(digits)));
export const factorText = (value: number, kind: FactorKind): string => {
  switch (kind) {
    case 'money':
      return `¥${value.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    case 'percent':
      return `${trim(value * 100, 4)}%`;
    default:
      return trim(value, 6);
  }
};
const factor = (label: string, value: number, kind: FactorKind): PriceFactor => ({
  label,
  value,
  kind,
  text: factorText(value, kind),
});

const pick = (value: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), value);

type Column = { field?: unknown; name?: unknown };
type Expression = { key?: unknown; value?: unknown };
const nodeNamed = (content: Jdm | null, name: string) => content?.nodes.find((n) => n.name === name);

/** A table's columns as labelled in the version: field → label. */
const columnLabels = (content: Jdm | null, node: string): Map<string, string> => {
  const outputs = ((nodeNamed(content, node)?.content ?? {}) as { outputs?: Column[] }).outputs ?? [];
  return new Map(
    outputs.flatMap((o) =>
      typeof o.field === 'string' && typeof o.name === 'string' && o.name.trim() !== '' ? [[o.field, o.name]] : [],
    ),
  );
};

const numberLiteral = '([0-9]+(?:\\.[0-9]+)?)';
const minPrefix: Readonly<Record<string, string>> = { hullPremium: '机身部分', liabilityPremium: '三者责任部分' };

/** What an expression's source says beyond its result: the rate on the price, inline loadings, minimum premiums. */
const sourceFactors = (key: string, source: string, facts: ExplainedFacts | undefined): PriceFactor[] => {
  const found: PriceFactor[] = [];
  const rate = source.match(new RegExp(`drone\\.price \\* ${numberLiteral}`));
  if (rate) found.push(factor('基础费率', Number(rate[1]), 'percent'));
  const perArea = source.match(new RegExp(`siteSize \\* ${numberLiteral}`));
  if (perArea) found.push(factor('每平方米年保费', Number(perArea[1]), 'money'));
  for (const m of source.matchAll(new RegExp(`\\(([a-zA-Z.]+) \\? ${numberLiteral} : 1\\)`, 'g'))) {
    const label = flagLabels[m[1]!];
    const flag = facts ? pick(facts, m[1]!) : undefined;
    if (label && typeof flag === 'boolean') found.push(factor(label, flag ? Number(m[2]) : 1, 'coefficient'));
  }
  const floor = source.match(new RegExp(`max\\(\\[.*, ${numberLiteral}( \\* quantity)?\\]\\)`));
  if (floor)
    found.push(factor(`${minPrefix[key] ?? ''}最低保费${floor[2] ? '（每架）' : ''}`, Number(floor[1]), 'money'));
  const discount = key === 'premium' ? source.match(new RegExp(`\\) \\* ${numberLiteral}, 2\\)$`)) : null;
  if (discount) found.push(factor('组合折扣', Number(discount[1]), 'percent'));
  return found;
};

/** The factors of one rule's steps, in the order the rule evaluated them, each label once. */
export const priceFactors = (
  steps: readonly TraceStep[],
  content: Jdm | null,
  facts?: ExplainedFacts,
): PriceFactor[] => {
  const factors: PriceFactor[] = [];
  const add = (f: PriceFactor) => {
    if (!factors.some((g) => g.label === f.label)) factors.push(f);
  };
  for (const step of steps) {
    const output = step.output ?? {};
    if (step.type === 'decisionTable') {
      const labels = columnLabels(content, step.node);
      for (const [field, value] of Object.entries(output)) {
        if (answerFields.has(field) || typeof value !== 'number') continue;
        const label = labels.get(field) ?? expressionLabels[field]?.label;
        if (!label) continue;
        add(factor(label, value, expressionLabels[field]?.kind ?? kindOfLabel(label)));
      }
    } else if (step.type === 'expression') {
      const expressions =
        ((nodeNamed(content, step.node)?.content ?? {}) as { expressions?: Expression[] }).expressions ?? [];
      for (const [key, value] of Object.entries(output)) {
        const source = expressions.find((e) => e.key === key)?.value;
        if (typeof source === 'string') for (const f of sourceFactors(key, source, facts)) add(f);
        const known = expressionLabels[key];
        // A full year's short-term rate is no factor at all.
        if (key === 'shortTerm' && typeof value === 'number' && value >= 1) continue;
        if (known && typeof value === 'number' && !answerFields.has(key)) add(factor(known.label, value, known.kind));
      }
    }
  }
  return factors;
};

const has = (factors: readonly PriceFactor[], label: string) => factors.find((f) => f.label === label);

/** The shape of the computation in words, from the factors found (the rule's own arithmetic stays in the rule). */
export const formulaWords = (factors: readonly PriceFactor[], facts?: ExplainedFacts): string => {
  const base = has(factors, '基础费率')
    ? ['数量', '购价', '基础费率']
    : has(factors, '每架年保费')
      ? ['数量', '每架年保费']
      : has(factors, '每万元保额年费率')
        ? ['保额（万元）', '每万元保额年费率', '人数']
        : has(factors, '基础年保费')
          ? [has(factors, '每平方米年保费') ? '（基础年保费 + 场地面积 × 每平方米年保费）' : '基础年保费']
          : has(factors, '每人保费')
            ? ['每人保费', '人数']
            : [];
  if (base.length === 0) return '保费按费率规则计算';
  const coefficients = factors.filter((f) => f.kind === 'coefficient' && f.label !== '系数合计').map((f) => f.label);
  // A combined cover prices its hull and its liability apart and adds them.
  const combined = has(factors, '三者责任部分保费') !== undefined;
  const parts = combined
    ? [
        '保费 = 机身部分 + 三者责任部分',
        `机身部分年保费 = ${[...base, ...coefficients.filter((c) => c !== '重量系数')].join(' × ')}`,
        '三者责任部分按每架年保费 × 重量系数 × 行业系数',
      ]
    : [`年保费 = ${[...base, ...coefficients].join(' × ')}`];
  const short = has(factors, '短期费率');
  if (short && short.value < 1)
    parts.push(`按 ${facts?.term !== undefined ? `${facts.term} 天` : '保障期限的'}短期费率 ${short.text}`);
  const discount = has(factors, '组合折扣');
  if (discount) parts.push(`组合折扣 ${discount.text}`);
  if (factors.some((f) => f.label.includes('最低保费'))) parts.push('不低于最低保费');
  return parts.join('；');
};

export const ruleVersionText = (ref: RuleRef) => `费率规则 第${ref.version}版`;

/** The customer's explanation of one rule's part in a line's price. */
export const explainPrice = (
  ref: RuleRef,
  trace: readonly TraceStep[],
  content: Jdm | null,
  facts?: ExplainedFacts,
): PriceExplanationBody => {
  const factors = priceFactors(
    trace.filter((s) => s.rule === ref.ruleId),
    content,
    facts,
  );
  return { factors, formula: formulaWords(factors, facts), ruleVersion: ruleVersionText(ref) };
};
