import { Navigate, createBrowserRouter } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { ComingSoon } from './components/ComingSoon.tsx';
import { DesktopLayout, RootLayout, TouchLayout } from './components/Layouts.tsx';
import { Authorize, AuthRedirect } from './scenes/common/Authorize.tsx';
import { LoginLoading } from './scenes/common/LoginLoading.tsx';
import { NotFound, Unauthorized } from './scenes/desktop/ErrorPage.tsx';
import { Landing } from './scenes/desktop/Landing.tsx';
import { LoginPage } from './scenes/desktop/LoginPage.tsx';
import { UserInformation } from './scenes/desktop/UserInformation.tsx';
import { TouchLanding } from './scenes/mobile/TouchLanding.tsx';
import { TouchLogin } from './scenes/mobile/TouchLogin.tsx';
import { TouchPasswordReset } from './scenes/mobile/TouchPasswordReset.tsx';
import { TouchRegister } from './scenes/mobile/TouchRegister.tsx';
import { TouchUserInformation } from './scenes/mobile/TouchUserInformation.tsx';
import { GuidePage } from './ordering/GuidePage.tsx';
import { InsurePage, TouchInsurePage } from './ordering/InsurePage.tsx';
import { OrderListPage } from './ordering/OrderListPage.tsx';
import { PlanPage } from './ordering/PlanPage.tsx';

/** Screens other issues will build: a plain coming-soon panel until then. */
const desktopSoon: [path: string, title: string][] = [
  ['/platform/applyForCompensation', '申请理赔'],
  ['/platform/report', '理赔报案'],
  ['/settlementOfClaim/index', '理赔查询'],
];
const touchSoon: [path: string, title: string][] = [
  ['/touch/applyForCompensation', '申请理赔'],
  ['/touch/report', '理赔报案'],
  ['/touch/settlementOfClaim', '理赔查询'],
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <Navigate to="/index/index" replace /> },
      {
        element: <DesktopLayout />,
        children: [
          { path: '/index/index', element: <Landing /> },
          { path: '/login/index', element: <LoginPage /> },
          { path: '/platform/userInformation', element: <UserInformation /> },
          { path: '/platform/guide', element: <GuidePage variant="desktop" /> },
          { path: '/platform/insure', element: <InsurePage variant="desktop" /> },
          { path: '/platform/supportConcept', element: <PlanPage variant="desktop" /> },
          { path: '/platform/orderInquiry', element: <OrderListPage variant="desktop" /> },
          ...desktopSoon.map(([path, title]) => ({ path, element: <ComingSoon title={title} /> })),
          { path: '/401', element: <Unauthorized /> },
          { path: '/404', element: <NotFound /> },
        ],
      },
      {
        element: <TouchLayout />,
        children: [
          { path: '/touch', element: <Navigate to="/touch/index" replace /> },
          { path: '/touch/index', element: <TouchLanding /> },
          { path: '/touch/user/login', element: <TouchLogin /> },
          { path: '/touch/user/register', element: <TouchRegister /> },
          { path: '/touch/user/passwordReset', element: <TouchPasswordReset /> },
          { path: '/touch/userInformation', element: <TouchUserInformation /> },
          { path: '/touch/user/userInformation', element: <TouchUserInformation /> },
          { path: '/touch/user/supplementaryInformation', element: <TouchUserInformation /> },
          { path: '/touch/guide', element: <GuidePage variant="mobile" /> },
          { path: '/touch/insure', element: <TouchInsurePage /> },
          { path: '/touch/supportConcept', element: <PlanPage variant="mobile" /> },
          { path: '/touch/orderInquiry', element: <OrderListPage variant="mobile" /> },
          ...touchSoon.map(([path, title]) => ({ path, element: <ComingSoon title={title} /> })),
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
