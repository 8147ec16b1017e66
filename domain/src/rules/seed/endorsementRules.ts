import { visibleInsurers } from '../../ordering/catalogue.ts';
import { graph, num, type Jdm } from '../jdm.ts';
import { ENDORSEMENT_RULE_ID } from '../rating.ts';

/**
 * 批改规则, per insurer: the least extra premium charged (a smaller one is raised to it), the least return
 * premium refunded (a smaller one is kept), the amount above which an underwriter decides (null: never).
 * Input `insurerId`; output `minimumExtra`, `minimumReturn`, `referAbove` (domain ordering/endorsementPricing.ts).
 */
export const endorsementTerms: Record<number, { minimumExtra: number; minimumReturn: number; referAbove: number }> = {
  1: { minimumExtra: 10, minimumReturn: 10, referAbove: 20000 },
  2: { minimumExtra: 20, minimumReturn: 20, referAbove: 50000 },
};

export const endorsementTermsDecision = (): Jdm => {
  const g = graph();
  const table = g.table(
    '批改最低保费',
    [['insurerId', '保险公司']],
    [
      ['minimumExtra', '最低加费（元）'],
      ['minimumReturn', '最低退费（元）'],
      ['referAbove', '转人工金额（元）'],
    ],
    [
      ...visibleInsurers.flatMap((insurer) => {
        const terms = endorsementTerms[insurer.id];
        return terms
          ? [
              {
                when: [`$ == ${num(insurer.id)}`],
                give: [num(terms.minimumExtra), num(terms.minimumReturn), num(terms.referAbove)],
              },
            ]
          : [];
      }),
      { when: [], give: ['0', '0', 'null'] },
    ],
  );
  g.chain(g.input(), table, g.output());
  return g.done();
};

export const endorsementRule = () => ({
  ruleId: ENDORSEMENT_RULE_ID,
  name: '批改规则',
  stage: 'endorsement' as const,
  rank: 1,
  insurerId: null,
  type: 'endorsement',
  risk: null,
  message: null,
  description: '各保险公司批改的最低加费、最低退费与转人工核保金额',
  scenes: [] as string[],
  content: endorsementTermsDecision(),
});
