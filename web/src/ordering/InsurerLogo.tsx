import type { Insurer } from '@feibao/domain/ordering/catalogue';

/** An insurer shown by its logo (an SVG carrying the insurer's name); the name is the alt text. */
export const InsurerLogo = ({
  insurer,
  small,
}: {
  insurer: Pick<Insurer, 'id' | 'name'> & { logo?: string };
  small?: boolean;
}) => (
  <img
    className={small ? 'fb-insurer-logo fb-insurer-logo-small' : 'fb-insurer-logo'}
    src={insurer.logo || `/logos/insurer-${insurer.id}.svg`}
    alt={insurer.name}
    title={insurer.name}
  />
);
