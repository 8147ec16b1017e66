import { type FeatureRoutes, lazyPage } from '../shared/featureRoutes.ts';

const verify = () => import('./pages.ts');
const VerifyPage = lazyPage(() => verify().then((m) => m.VerifyPage));

/** Public, no login: the QR code on a policy opens /verify/<code> (docs/api/verify.md). */
export const verifyRoutes: FeatureRoutes = {
  pages: 'src/verify/pages.ts',
  desktop: [],
  touch: [],
  standalone: [
    { path: '/verify', element: <VerifyPage /> },
    { path: '/verify/:code', element: <VerifyPage /> },
  ],
};
