import { accountsRoutes } from './accounts/routes.tsx';
import { backofficeRoutes } from './backoffice/routes.tsx';
import { claimsRoutes } from './claims/routes.tsx';
import { invoicesRoutes } from './invoices/routes.tsx';
import { notificationsRoutes } from './notifications/routes.tsx';
import { orderingRoutes } from './ordering/routes.tsx';
import { verifyRoutes } from './verify/routes.tsx';
import { paymentsRoutes } from './payments/routes.tsx';
import { endorsementRoutes } from './endorsement/routes.tsx';
import { disclosureRoutes } from './disclosure/routes.tsx';
import type { FeatureRoutes } from './shared/featureRoutes.ts';

/**
 * The app's one list of features: App.tsx mounts their routes, and the build reads the same list
 * (vite.config.ts, through routeFeatures.ts) for the pages each feature's chunk serves. Each feature
 * lists its pages in its `routes.tsx`; each feature is one chunk, fetched the first time one of its
 * routes is visited, so the landing page and a phone's first page load only the shell (bench/bundles.ts
 * measures it, `npm test` holds it under its limit). A new feature is a folder with its `routes.tsx`
 * and one line here. This module and the routes.tsx files load no page: the build evaluates them in Node.
 */
export const features: readonly FeatureRoutes[] = [
  accountsRoutes,
  orderingRoutes,
  claimsRoutes,
  invoicesRoutes,
  notificationsRoutes,
  paymentsRoutes,
  backofficeRoutes,
  verifyRoutes,
  endorsementRoutes,
  disclosureRoutes,
];
