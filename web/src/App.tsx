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
import { Navigate, createBrowserRouter } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { Authorize, AuthRedirect } from './accounts/Authorize.tsx';
import { LoginLoading } from './accounts/LoginLoading.tsx';
import { LoginPage, PasswordResetPage, RegisterPage, UserInformationPage } from './accounts/pages.tsx';
import { AuditSearchPage } from './backoffice/audit/AuditSearchPage.tsx';
import { AuditTimelinePage } from './backoffice/audit/AuditTimelinePage.tsx';
import { ClaimsDeskPage } from './backoffice/claims/ClaimsDeskPage.tsx';
import { QuoteDeskPage } from './backoffice/quotes/QuoteDeskPage.tsx';
import { OpsPage } from './backoffice/ops/OpsPage.tsx';
import { UsersAdminPage } from './backoffice/users/UsersAdminPage.tsx';
import { ClaimListPage } from './claims/ClaimListPage.tsx';
import { ReportPage } from './claims/report/ReportPage.tsx';
import { GuidePage } from './ordering/GuidePage.tsx';
import { InsurePage, TouchInsurePage } from './ordering/insure/InsurePage.tsx';
import { OrderListPage } from './ordering/OrderListPage.tsx';
import { PlanPage } from './ordering/plan/PlanPage.tsx';
import { NotFound, Unauthorized } from './shell/ErrorPage.tsx';
import { Landing } from './shell/Landing.tsx';
import { DesktopLayout, RootLayout, TouchLayout } from './shell/Layouts.tsx';


export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <Navigate to="/index/index" replace /> },
      {
        element: <DesktopLayout />,
        children: [
          { path: '/index/index', element: <Landing variant="desktop" /> },
          { path: '/login/index', element: <LoginPage variant="desktop" /> },
          { path: '/platform/userInformation', element: <UserInformationPage variant="desktop" /> },
          { path: '/platform/guide', element: <GuidePage variant="desktop" /> },
          { path: '/platform/insure', element: <InsurePage variant="desktop" /> },
          { path: '/platform/supportConcept', element: <PlanPage variant="desktop" /> },
          { path: '/platform/orderInquiry', element: <OrderListPage variant="desktop" /> },
          // §2 reads the two claim tabs both ways: one list, titled for the tab that leads there.
          { path: '/platform/applyForCompensation', element: <ClaimListPage variant="desktop" title="申请理赔" /> },
          { path: '/settlementOfClaim/index', element: <ClaimListPage variant="desktop" title="理赔查询" /> },
          { path: '/platform/report', element: <ReportPage variant="desktop" /> },
          // Back office (staff only; the page says 403 to anyone else and the server refuses them).
          { path: '/backoffice/quotes', element: <QuoteDeskPage /> },
          { path: '/backoffice/claims', element: <ClaimsDeskPage /> },
          { path: '/backoffice/ops', element: <OpsPage /> },
          { path: '/backoffice/audit', element: <AuditSearchPage /> },
          { path: '/backoffice/audit/:kind/:id', element: <AuditTimelinePage /> },
          { path: '/backoffice/users', element: <UsersAdminPage /> },
          { path: '/401', element: <Unauthorized /> },
          { path: '/404', element: <NotFound /> },
        ],
      },
      {
        element: <TouchLayout />,
        children: [
          { path: '/touch', element: <Navigate to="/touch/index" replace /> },
          { path: '/touch/index', element: <Landing variant="mobile" /> },
          { path: '/touch/user/login', element: <LoginPage variant="mobile" /> },
          { path: '/touch/user/register', element: <RegisterPage /> },
          { path: '/touch/user/passwordReset', element: <PasswordResetPage /> },
          { path: '/touch/userInformation', element: <UserInformationPage variant="mobile" /> },
          { path: '/touch/user/userInformation', element: <UserInformationPage variant="mobile" /> },
          { path: '/touch/user/supplementaryInformation', element: <UserInformationPage variant="mobile" /> },
          { path: '/touch/guide', element: <GuidePage variant="mobile" /> },
          { path: '/touch/insure', element: <TouchInsurePage /> },
          { path: '/touch/supportConcept', element: <PlanPage variant="mobile" /> },
          { path: '/touch/orderInquiry', element: <OrderListPage variant="mobile" /> },
          { path: '/touch/applyForCompensation', element: <ClaimListPage variant="mobile" title="申请理赔" /> },
          { path: '/touch/settlementOfClaim', element: <ClaimListPage variant="mobile" title="理赔查询" /> },
          { path: '/touch/report', element: <ReportPage variant="mobile" /> },
        ],
      },
      { path: '/authorize', element: <Authorize /> },
      { path: '/authRedirect', element: <AuthRedirect /> },
      { path: '/loginLoading', element: <LoginLoading /> },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
