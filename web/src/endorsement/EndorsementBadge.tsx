/**
 * The latest 批改 on the order details (the plan page): its status (待审核 / 待支付 / 已生效 / 已拒绝 …) and the way
 * to the 批改 page, where 批改 is also asked for; nothing for an order that never had one and may not have one.
 */
import { Button, Tag } from '@blueprintjs/core';
import { useNavigate } from 'react-router-dom';
import type { OrderAction } from '@feibao/domain/ordering/actions';
import useSWR from 'swr';
import type { EndorsementView } from '@feibao/domain/ordering/endorsementView';
import { useSession } from '../api/session.ts';
import type { Variant } from '../shared/site.ts';

/** Its own read of GET /order/endorsement: it sits in the order pages' chunk, which should not share 批改's modules. */
const useLatest = (id: string | null) => {
  const session = useSession();
  return useSWR<{ endorsement: EndorsementView | null }>(
    session && id ? ['/api/v1/uav/order/endorsement', { id }] : null,
  );
};

type Props = { order: { id: string; policyNo: string | null; actions?: readonly OrderAction[] }; variant: Variant };

export const EndorsementBadge = ({ order, variant }: Props) => {
  const navigate = useNavigate();
  const may = order.actions?.includes('endorse') ?? false;
  const current = useLatest(order.policyNo ? order.id : null);
  const view = current.data?.endorsement ?? null;
  if (!may && !view) return null;
  return (
    <div className="fb-row-actions fb-endorsement-badge" data-testid="order-endorsement">
      {view && (
        <span>
          批改 {view.endorsementNo}{' '}
          <Tag
            minimal
            intent={view.status === 'declined' ? 'danger' : view.status === 'endorsed' ? 'success' : 'warning'}
          >
            {view.statusLabel}
          </Tag>
          {view.status === 'declined' && view.reason ? ` ${view.reason}` : ''}
        </span>
      )}
      <Button
        size={variant === 'mobile' ? 'medium' : 'small'}
        icon="annotation"
        text={may ? '申请批改' : '查看批改'}
        onClick={() => navigate(`${variant === 'mobile' ? '/touch' : '/platform'}/endorse?id=${order.id}`)}
      />
    </div>
  );
};
