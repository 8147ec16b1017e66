/** The renewal chain of an order: 续保自 (the order it renews) and 已续保为 (the order renewing it), as links. */
import { Link } from 'react-router-dom';
import type { RenewalOf, RenewedBy } from '@feibao/domain/ordering/renewal';
import { routesOf, type Variant } from '../../shared/site.ts';
import './renewal.css';

type Props = {
  renewalOf?: RenewalOf | null;
  renewedBy?: RenewedBy | null;
  variant: Variant;
};

export const RenewalChain = ({ renewalOf, renewedBy, variant }: Props) => {
  if (!renewalOf && !renewedBy) return null;
  const plan = routesOf(variant).plan;
  const href = (id: string) => `${plan}?id=${encodeURIComponent(id)}`;
  return (
    <span className="fb-renewal-chain">
      {renewalOf && (
        <span data-testid="renewal-of">
          续保自 <Link to={href(renewalOf.orderId)}>{renewalOf.orderNo}</Link>
          {renewalOf.gapDays > 0 && <span className="fb-muted">（脱保{renewalOf.gapDays}天）</span>}
        </span>
      )}
      {renewedBy && (
        <span data-testid="renewed-by">
          已续保为 <Link to={href(renewedBy.orderId)}>{renewedBy.orderNo}</Link>
        </span>
      )}
    </span>
  );
};
