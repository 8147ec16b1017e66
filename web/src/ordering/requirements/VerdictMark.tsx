/** ✓ met, ✗ unmet, 待定 pending (requirementMatch.ts). */
import { Tag } from '@blueprintjs/core';
import type { Verdict } from '@feibao/domain/ordering/requirementMatch';

const markOf: Record<Verdict, { text: string; intent: 'success' | 'danger' | 'warning' }> = {
  met: { text: '✓', intent: 'success' },
  unmet: { text: '✗', intent: 'danger' },
  pending: { text: '待定', intent: 'warning' },
};

export const VerdictMark = ({ verdict }: { verdict: Verdict }) => (
  <Tag minimal round intent={markOf[verdict].intent} className="fb-verdict" data-verdict={verdict}>
    {markOf[verdict].text}
  </Tag>
);
