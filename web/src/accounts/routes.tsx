import { type FeatureRoutes, lazyPage } from '../shared/featureRoutes.ts';

const accounts = () => import('./pages.tsx');
const LoginPage = lazyPage(() => accounts().then((m) => m.LoginPage));
const PasswordResetPage = lazyPage(() => accounts().then((m) => m.PasswordResetPage));
const RegisterPage = lazyPage(() => accounts().then((m) => m.RegisterPage));
const EnterpriseRegisterPage = lazyPage(() => accounts().then((m) => m.EnterpriseRegisterPage));
const UserInformationPage = lazyPage(() => accounts().then((m) => m.UserInformationPage));

export const accountsRoutes: FeatureRoutes = {
  pages: 'src/accounts/pages.tsx',
  desktop: [
    { path: '/login/index', element: <LoginPage variant="desktop" /> },
    { path: '/platform/userInformation', element: <UserInformationPage variant="desktop" /> },
    { path: '/platform/enterpriseRegister', element: <EnterpriseRegisterPage variant="desktop" /> },
  ],
  touch: [
    { path: '/touch/user/login', element: <LoginPage variant="mobile" /> },
    { path: '/touch/user/register', element: <RegisterPage /> },
    { path: '/touch/user/enterpriseRegister', element: <EnterpriseRegisterPage variant="mobile" /> },
    { path: '/touch/user/passwordReset', element: <PasswordResetPage /> },
    { path: '/touch/userInformation', element: <UserInformationPage variant="mobile" /> },
    { path: '/touch/user/userInformation', element: <UserInformationPage variant="mobile" /> },
    { path: '/touch/user/supplementaryInformation', element: <UserInformationPage variant="mobile" /> },
  ],
};
