import { Callout } from '@blueprintjs/core';
import { cancellationMethodLabels } from '@feibao/domain/ordering/cancellation.events';
import type { CancellationView } from '@feibao/domain/ordering/cancellation.wire';
import { money } from '../format.ts';

const refundText = { none: '', pending: '，退款处理中', refunded: '，已退款' } as const;

/** The order's latest 退保 on its details: waiting for review, cancelled with the refund's progress, or declined and why. */
export const CancellationStatus = ({ cancellation }: { cancellation: CancellationView | null | undefined }) => {
  if (!cancellation) return null;
  const { status, terms } = cancellation;
  const refund = `应退保费${money(terms.refund)}（${cancellationMethodLabels[terms.method]}）`;
  if (status === 'pending')
    return (
      <Callout intent="warning" icon="time" compact className="fb-plan-note" data-testid="cancellation-status">
        退保申请审核中：{refund}
      </Callout>
    );
  if (status === 'approved')
    return (
      <Callout intent="none" icon="disable" compact className="fb-plan-note" data-testid="cancellation-status">
        已退保：{refund}
        {refundText[cancellation.refundStatus]}
      </Callout>
    );
  return (
    <Callout intent="danger" icon="cross" compact className="fb-plan-note" data-testid="cancellation-status">
      退保申请未通过：{cancellation.decisionReason ?? '—'}
    </Callout>
  );
};
