import { type FeatureRoutes, lazyPage } from '../shared/featureRoutes.ts';

const endorsement = () => import('./pages.ts');
const EndorsePage = lazyPage(() => endorsement().then((m) => m.EndorsePage));
const EndorsementQueuePage = lazyPage(() => endorsement().then((m) => m.EndorsementQueuePage));

/** 批改 on both sites, and the quote desk's 批改 queue (docs/api/endorsement.md). */
export const endorsementRoutes: FeatureRoutes = {
  pages: 'src/endorsement/pages.ts',
  desktop: [
    { path: '/platform/endorse', element: <EndorsePage variant="desktop" /> },
    { path: '/backoffice/quotes/endorsements', element: <EndorsementQueuePage /> },
  ],
  touch: [{ path: '/touch/endorse', element: <EndorsePage variant="mobile" /> }],
};
