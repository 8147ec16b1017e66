/** The stated 投保要求 as tags; on a policy they are kept read-only. */
import { Tag } from '@blueprintjs/core';
import { coverShortName, yuanText } from '@feibao/domain/ordering/requirementMatch';
import type { Requirements } from '@feibao/domain/ordering/requirements';

export const requirementTexts = (r: Requirements): string[] => [
  ...(r.minLiabilityWan !== null ? [`三者险限额 ≥ ${r.minLiabilityWan}万元`] : []),
  ...(r.maxHullDeductibleYuan !== null ? [`机身险免赔 ≤ ${yuanText(r.maxHullDeductibleYuan)}（全损时）`] : []),
  ...(r.minTermDays !== null ? [`保险期间 ≥ ${r.minTermDays}天`] : []),
  ...r.requiredCoverIds.map((id) => `含${coverShortName(id)}`),
  ...(r.additionalInsured
    ? [
        `附加被保险人：${r.additionalInsured.name}${r.additionalInsured.creditCode ? `（${r.additionalInsured.creditCode}）` : ''}`,
      ]
    : []),
];

export const RequirementsSummary = ({ requirements, readOnly }: { requirements: Requirements; readOnly: boolean }) => (
  <div className="fb-requirements-summary" data-testid="requirements-summary">
    {requirementTexts(requirements).map((text) => (
      <Tag key={text} minimal>
        {text}
      </Tag>
    ))}
    {readOnly && <span className="fb-muted">已随保单保存，不可修改</span>}
  </div>
);
