import { HTMLTable, Tag } from '@blueprintjs/core';
import type { Assessment } from '@feibao/domain/claims/claim.events';

/**
 * The assessment per cover line (loss, deductible, payable) and its totals: the claimant's progress
 * and the claims desk show the same table. `testIdPrefix` names the table and the payable total for tests.
 */
export const AssessmentTable = ({
  assessment,
  format,
  testIdPrefix,
  className,
  flagUnreadTerms = false,
}: {
  assessment: Pick<Assessment, 'exposures' | 'lossAmount' | 'payableAmount'>;
  format: (amount: number) => string;
  testIdPrefix: string;
  className: string;
  /** Staff see which lines' deductible wording the rules could not read (to check by hand). */
  flagUnreadTerms?: boolean;
}) => (
  <HTMLTable compact className={className} data-testid={`${testIdPrefix}-assessment`} aria-label="定损结果">
    <thead>
      <tr>
        <th>险种</th>
        <th>损失金额</th>
        <th>免赔金额</th>
        <th>赔付金额</th>
      </tr>
    </thead>
    <tbody>
      {assessment.exposures.map((e) => (
        <tr key={`${e.lineKey}:${e.kind}`}>
          <td>
            {e.lineName}
            {flagUnreadTerms && !e.understood && (
              <Tag minimal intent="warning" style={{ marginLeft: 6 }} title={e.deductibleText ?? undefined}>
                免赔约定需人工核对
              </Tag>
            )}
          </td>
          <td className="fb-num">{format(e.lossAmount)}</td>
          <td className="fb-num">{format(e.deductibleAmount)}</td>
          <td className="fb-num">{format(e.payableAmount)}</td>
        </tr>
      ))}
      <tr>
        <td>
          <strong>合计</strong>
        </td>
        <td className="fb-num">{format(assessment.lossAmount)}</td>
        <td />
        <td className="fb-num">
          <strong data-testid={`${testIdPrefix}-payable`}>{format(assessment.payableAmount)}</strong>
        </td>
      </tr>
    </tbody>
  </HTMLTable>
);
