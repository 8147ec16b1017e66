/**
 * The web app's routes. Source layout (one convention for every feature):
 * - `api/`      the shared, non-visual layer: HTTP client and envelope, session, toasts,
 *               the app-wide dialog store, zod form helpers. Knows no feature.
 * - `shared/`   small UI pieces several features use (Field/useForm, page bar, back-to-top)
 *               and `site.ts`: the `Variant` ('desktop' | 'mobile') and each site's routes.
 * - `<feature>/` one folder per feature (accounts, ordering, claims; later backoffice, rules):
 *               its `api.ts` (calls and SWR hooks), its components and pages, sub-folders
 *               per screen when a screen has several parts (ordering/insure, ordering/plan).
 * - `shell/`    the frame: layouts, headers, footer, landing, error pages. It composes features.
 * Desktop and mobile are variants of the same components (a `variant` prop), never two trees.
 * Imports go shell → features → shared → api; a feature may use another feature's `api.ts`, and the
 *               ordering list starts a claim through claims' `useApplyForClaim` (the one entry hook).
 * Buttons that depend on an order's state render from the server's `actions` (docs/glossary.md).
 */
import { Navigate, useRoutes } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { Authorize, AuthRedirect } from './accounts/Authorize.tsx';
import { LoginLoading } from './accounts/LoginLoading.tsx';
import { accountsRoutes } from './accounts/routes.tsx';
import { backofficeRoutes } from './backoffice/routes.tsx';
import { claimsRoutes } from './claims/routes.tsx';
import { invoicesRoutes } from './invoices/routes.tsx';
import { orderingRoutes } from './ordering/routes.tsx';
import type { FeatureRoutes } from './shared/featureRoutes.ts';
import { NotFound, Unauthorized } from './shell/ErrorPage.tsx';
import { Landing } from './shell/Landing.tsx';
import { DesktopLayout, RootLayout, TouchLayout } from './shell/Layouts.tsx';

/**
 * Each feature folder lists its pages in its `routes.tsx`; each feature is one chunk, fetched the first
 * time one of its routes is visited, so the landing page and a phone's first page load only the shell
 * (bench/bundles.ts measures it, `npm test` holds it under its limit). The layouts' Suspense boundaries
 * show while a chunk loads. A new feature is a folder with its `routes.tsx` and one line here.
 */
const features: FeatureRoutes[] = [accountsRoutes, orderingRoutes, claimsRoutes, invoicesRoutes, backofficeRoutes];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <Navigate to="/index/index" replace /> },
      {
        element: <DesktopLayout />,
        children: [
          { path: '/index/index', element: <Landing variant="desktop" /> },
          ...features.flatMap((feature) => feature.desktop),
          { path: '/401', element: <Unauthorized /> },
          { path: '/404', element: <NotFound /> },
        ],
      },
      {
        element: <TouchLayout />,
        children: [
          { path: '/touch', element: <Navigate to="/touch/index" replace /> },
          { path: '/touch/index', element: <Landing variant="mobile" /> },
          ...features.flatMap((feature) => feature.touch),
        ],
      },
      { path: '/authorize', element: <Authorize /> },
      { path: '/authRedirect', element: <AuthRedirect /> },
      { path: '/loginLoading', element: <LoginLoading /> },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

export const AppRoutes = () => useRoutes(routes);
