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
import { type ComponentType, lazy } from 'react';
import { Navigate, useRoutes } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { Authorize, AuthRedirect } from './accounts/Authorize.tsx';
import { LoginLoading } from './accounts/LoginLoading.tsx';
import { NotFound, Unauthorized } from './shell/ErrorPage.tsx';
import { Landing } from './shell/Landing.tsx';
import { DesktopLayout, RootLayout, TouchLayout } from './shell/Layouts.tsx';

/**
 * Each feature is one chunk, fetched the first time one of its routes is visited, so the landing
 * page and a phone's first page load only the shell (bench/bundles.ts measures it, `npm test` holds
 * it under its limit). The layouts' Suspense boundaries show while a chunk loads.
 */
const lazyPage = <P extends object>(load: () => Promise<ComponentType<P>>) =>
  lazy(() => load().then((page) => ({ default: page })));
const accounts = () => import('./accounts/pages.tsx');
const ordering = () => import('./ordering/pages.ts');
const claims = () => import('./claims/pages.ts');
const backoffice = () => import('./backoffice/pages.ts');
const invoices = () => import('./invoices/pages.ts');

const LoginPage = lazyPage(() => accounts().then((m) => m.LoginPage));
const PasswordResetPage = lazyPage(() => accounts().then((m) => m.PasswordResetPage));
const RegisterPage = lazyPage(() => accounts().then((m) => m.RegisterPage));
const EnterpriseRegisterPage = lazyPage(() => accounts().then((m) => m.EnterpriseRegisterPage));
const UserInformationPage = lazyPage(() => accounts().then((m) => m.UserInformationPage));
const GuidePage = lazyPage(() => ordering().then((m) => m.GuidePage));
const InsurePage = lazyPage(() => ordering().then((m) => m.InsurePage));
const TouchInsurePage = lazyPage(() => ordering().then((m) => m.TouchInsurePage));
const OrderListPage = lazyPage(() => ordering().then((m) => m.OrderListPage));
const PlanPage = lazyPage(() => ordering().then((m) => m.PlanPage));
const ClaimListPage = lazyPage(() => claims().then((m) => m.ClaimListPage));
const ReportPage = lazyPage(() => claims().then((m) => m.ReportPage));
const AuditSearchPage = lazyPage(() => backoffice().then((m) => m.AuditSearchPage));
const AuditTimelinePage = lazyPage(() => backoffice().then((m) => m.AuditTimelinePage));
const ClaimsDeskPage = lazyPage(() => backoffice().then((m) => m.ClaimsDeskPage));
const OpsPage = lazyPage(() => backoffice().then((m) => m.OpsPage));
const QuoteDeskPage = lazyPage(() => backoffice().then((m) => m.QuoteDeskPage));
const UsersAdminPage = lazyPage(() => backoffice().then((m) => m.UsersAdminPage));
const InvoiceDeskPage = lazyPage(() => backoffice().then((m) => m.InvoiceDeskPage));
const InvoiceListPage = lazyPage(() => invoices().then((m) => m.InvoiceListPage));

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
          { path: '/platform/enterpriseRegister', element: <EnterpriseRegisterPage variant="desktop" /> },
          { path: '/platform/guide', element: <GuidePage variant="desktop" /> },
          { path: '/platform/insure', element: <InsurePage variant="desktop" /> },
          { path: '/platform/supportConcept', element: <PlanPage variant="desktop" /> },
          { path: '/platform/orderInquiry', element: <OrderListPage variant="desktop" /> },
          // The two claim tabs read the same list (docs/api/claims.md "Screens"): one list, titled for the tab that leads there.
          { path: '/platform/applyForCompensation', element: <ClaimListPage variant="desktop" title="申请理赔" /> },
          { path: '/settlementOfClaim/index', element: <ClaimListPage variant="desktop" title="理赔查询" /> },
          { path: '/platform/report', element: <ReportPage variant="desktop" /> },
          { path: '/platform/invoice', element: <InvoiceListPage variant="desktop" /> },
          // Back office (staff only; the page says 403 to anyone else and the server refuses them).
          { path: '/backoffice/quotes', element: <QuoteDeskPage /> },
          { path: '/backoffice/claims', element: <ClaimsDeskPage /> },
          { path: '/backoffice/ops', element: <OpsPage /> },
          { path: '/backoffice/audit', element: <AuditSearchPage /> },
          { path: '/backoffice/audit/:kind/:id', element: <AuditTimelinePage /> },
          { path: '/backoffice/users', element: <UsersAdminPage /> },
          { path: '/backoffice/invoices', element: <InvoiceDeskPage /> },
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
          { path: '/touch/user/enterpriseRegister', element: <EnterpriseRegisterPage variant="mobile" /> },
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
          { path: '/touch/invoice', element: <InvoiceListPage variant="mobile" /> },
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
