/**
 * 价格说明 under an insurer's total: a small link that opens the explanation, loaded only when asked
 * for (a dialog on the desktop, a drawer on the phone), so the plan's first paint carries none of it.
 */
import { Button } from '@blueprintjs/core';
import { Suspense, lazy, useState } from 'react';
import './link.css';

const PriceExplanationDialog = lazy(() =>
  import('./PriceExplanationDialog.tsx').then((m) => ({ default: m.PriceExplanationDialog })),
);

type Props = {
  orderId: string;
  insurer: { insuranceCompanyId: number; insuranceCompanyName: string };
  mobile: boolean;
};

export const PriceExplanationLink = ({ orderId, insurer, mobile }: Props) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="minimal"
        size="small"
        intent="primary"
        className="fb-why-price-link"
        text="价格说明"
        aria-label={`${insurer.insuranceCompanyName}价格说明`}
        onClick={() => setOpen(true)}
      />
      {open && (
        <Suspense>
          <PriceExplanationDialog orderId={orderId} insurer={insurer} mobile={mobile} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
};
