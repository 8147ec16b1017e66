import { mayInsureWith, type OrderActor } from '@feibao/domain/ordering/guards';
import { isTermsRefusal, type CurrentTerms } from '@feibao/domain/ordering/purchaseTerms';
import { quoteExpired } from '@feibao/domain/ordering/quoting';
import type { PlanCell, PlanRow, TotalsRow } from '@feibao/domain/ordering/api';
import type { OrderDocument } from './orderDocument.ts';

/**
 * The cover-plan table: one row per plan line with a column per insurer, then a totals
 * row. A line an insurer has not priced yet reads 'quoting in progress' on the screen.
 * Whether `who` may buy from an insurer now is the decider's own guard (domain mayInsureWith), judged with
 * `terms`, the 信息披露 texts in force: refused only for want of their confirmation, 投保 is still offered (it
 * opens the texts to confirm) and termsConfirmed says so.
 */
export const planRows = (
  doc: OrderDocument,
  now: Date,
  who: OrderActor,
  terms: CurrentTerms,
): (PlanRow | TotalsRow)[] => {
  const rows = doc.lines.map(
    (line): PlanRow => ({
      orderInfoId: doc.id,
      key: line.key,
      insuranceTypeInfoId: line.insuranceTypeInfoId,
      insuranceTypeInfoName: line.insuranceTypeInfoName,
      uavInfoId: line.uavInfoId,
      uavInfoName: line.uavInfoName,
      quantity: line.quantity,
      insuranceAmount: line.insuranceAmount,
      guaranteeTerm: line.guaranteeTerm,
      siteSize: line.siteSize,
      staffCount: line.staffCount,
      studentCount: line.studentCount,
      state: doc.state,
      insuranceCompanyList: doc.insurers.map((insurer): PlanCell => {
        const answer = insurer.answers[line.key];
        return {
          insuranceCompanyId: insurer.insuranceCompanyId,
          insuranceCompanyName: insurer.insuranceCompanyName,
          status:
            insurer.status === 'timed-out' && answer?.kind !== 'quoted'
              ? 'timed-out'
              : !answer
                ? 'requested'
                : answer.kind === 'quoted'
                  ? 'quoted'
                  : answer.kind === 'manual'
                    ? 'waiting-verification'
                    : 'declined',
          insurancePremium: answer?.kind === 'quoted' ? answer.premium : null,
          deductiblePremiumString: answer?.kind === 'quoted' ? answer.deductible : null,
          quotedPriceDate: answer ? insurer.answerDueAt : null,
          // The customer reads the rule's 规则提示语 where it names one; staff keep the rule's own reason.
          remark: answer && answer.kind !== 'quoted' ? (answer.customerReason ?? answer.reason) : null,
        };
      }),
    }),
  );
  const totals: TotalsRow = {
    orderInfoId: doc.id,
    key: 'total',
    isTotal: true,
    insuranceTypeInfoName: '合计',
    state: doc.state,
    insuranceCompanyList: doc.insurers.map((insurer) => {
      const validUntil = insurer.validUntil ?? null;
      const expired = insurer.quotedAll && quoteExpired({ validUntil }, now);
      const refusal = mayInsureWith(doc.order, insurer.insuranceCompanyId, who, now, terms);
      return {
        insuranceCompanyId: insurer.insuranceCompanyId,
        insuranceCompanyName: insurer.insuranceCompanyName,
        status: insurer.status,
        total: insurer.total,
        quotedAll: insurer.quotedAll,
        canInsure: refusal === null || isTermsRefusal(refusal),
        termsConfirmed: refusal === null,
        validUntil,
        expired,
      };
    }),
  };
  return [...rows, totals];
};
