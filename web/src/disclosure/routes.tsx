import { type FeatureRoutes, lazyPage } from '../shared/featureRoutes.ts';

const disclosure = () => import('./pages.ts');
const DisclosurePage = lazyPage(() => disclosure().then((m) => m.DisclosurePage));

/** Public, no login: 信息披露 (docs/api/disclosure.md), linked from every page's footer and the verification page. */
export const disclosureRoutes: FeatureRoutes = {
  pages: 'src/disclosure/pages.ts',
  desktop: [{ path: '/platform/disclosure', element: <DisclosurePage variant="desktop" /> }],
  touch: [{ path: '/touch/disclosure', element: <DisclosurePage variant="mobile" /> }],
};
