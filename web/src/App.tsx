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
import { features } from './features.ts';
import { NotFound, Unauthorized } from './shell/ErrorPage.tsx';
import { Landing } from './shell/Landing.tsx';
import { DesktopLayout, RootLayout, TouchLayout } from './shell/Layouts.tsx';

/** The features' pages (features.ts) go under the two layouts, whose Suspense boundaries show while a chunk loads. */
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
      ...features.flatMap((feature) => feature.standalone ?? []),
      { path: '/authorize', element: <Authorize /> },
      { path: '/authRedirect', element: <AuthRedirect /> },
      { path: '/loginLoading', element: <LoginLoading /> },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

export const AppRoutes = () => useRoutes(routes);
