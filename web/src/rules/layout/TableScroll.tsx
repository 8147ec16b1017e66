import type { ReactNode } from 'react';

/**
 * A table wider than a phone scrolls inside this box, not the page. The box takes the focus, so a
 * keyboard can scroll it too, and is a region named `label` for screen readers.
 */
export const TableScroll = ({ label, children }: { label: string; children: ReactNode }) => (
  // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to be scrolled.
  <section className="rp-table-scroll" aria-label={label} tabIndex={0}>
    {children}
  </section>
);
