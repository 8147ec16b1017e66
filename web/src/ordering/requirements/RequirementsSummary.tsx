/** The stated 投保要求 as tags; on a policy they are kept read-only. */
import { Tag } from '@blueprintjs/core';
import { requirementTexts } from '@feibao/domain/ordering/requirementTexts';
import type { Requirements } from '@feibao/domain/ordering/requirements';

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
