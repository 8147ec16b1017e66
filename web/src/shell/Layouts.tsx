import { Suspense, lazy, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useOpenedOnce } from '../shared/useOpenedOnce.ts';
import { Spinner } from '@blueprintjs/core';
import { NonIdealState } from '../shared/NonIdealState.tsx';
import { Outlet, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { exchangeCode } from '../accounts/api.ts';
import { setUnauthorizedHandler } from '../api/client.ts';
import { remFontSize } from '../api/forms.ts';
import { setRedirect } from '../api/session.ts';
import { notifyError, toast } from '../api/toaster.ts';
import { uiStore, useUi } from '../api/ui.ts';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { MobileHeader } from './MobileHeader.tsx';

// The dialogs carry the account forms and their schemas: fetched when first opened, then kept
// mounted so that closing animates as before.
const AuthDialog = lazy(() => import('../accounts/AuthDialog.tsx').then((m) => ({ default: m.AuthDialog })));
const ProfileDialog = lazy(() => import('../accounts/ProfileDialog.tsx').then((m) => ({ default: m.ProfileDialog })));

/**
 * A feature page's chunk may still be loading: the page area stays empty and a screen high meanwhile,
 * so that the footer starts below the fold and a tall page arriving does not shift it.
 */
const PageOutlet = () => (
  <Suspense fallback={<div className="fb-page-loading" />}>
    <Outlet />
  </Suspense>
);

/** Root: installs the 401 behaviour and hosts the app-wide dialogs. */
export const RootLayout = () => {
  const navigate = useNavigate();
  useEffect(() => {
    setUnauthorizedHandler((message) => {
      const { pathname, search } = window.location;
      const here = pathname + search;
      toast.warning(message);
      if (pathname.startsWith('/touch')) {
        if (pathname !== '/touch/user/login') navigate(`/touch/user/login?backUrl=${encodeURIComponent(here)}`);
      } else {
        setRedirect(here);
        uiStore.openAuth('login');
      }
    });
  }, [navigate]);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every page change, which is what pathname marks
  useEffect(() => {
    // Dialogs belong to the page they were opened on.
    uiStore.closeProfile();
  }, [pathname]);
  const { auth, profile } = useUi();
  const authOpened = useOpenedOnce(auth !== null);
  const profileOpened = useOpenedOnce(profile);
  return (
    <>
      <PageOutlet />
      <Suspense>
        {authOpened && <AuthDialog />}
        {profileOpened && <ProfileDialog />}
      </Suspense>
    </>
  );
};

export const DesktopLayout = () => (
  <div className="fb-desktop">
    <Header />
    <main className="fb-main">
      <PageOutlet />
    </main>
    <Footer />
  </div>
);

/**
 * Partner sign-in (web/PARTNER.md): a one-time `code` in the address is exchanged for a
 * session (GET /api/v1/uav/uc/getToken), then removed from the address with a replace
 * navigation (history.replaceState), so it is neither kept in history nor reused.
 */
const usePartnerCode = () => {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const code = params.get('code');
  const started = useRef<string | null>(null);
  const [busy, setBusy] = useState(Boolean(code));
  useEffect(() => {
    if (!code || started.current === code) return;
    started.current = code;
    setBusy(true);
    const rest = new URLSearchParams(window.location.search);
    rest.delete('code');
    const search = rest.toString();
    exchangeCode(code)
      .catch((e: unknown) => notifyError(e))
      .finally(() => {
        navigate({ pathname, search: search ? `?${search}` : '' }, { replace: true });
        setBusy(false);
      });
  }, [code, navigate, pathname]);
  return busy;
};

/** Mobile pages: 1 rem = innerWidth / 375 * 100 px; header hidden for partner entries (?from=). */
export const TouchLayout = () => {
  const [params] = useSearchParams();
  const signingIn = usePartnerCode();
  useLayoutEffect(() => {
    const html = document.documentElement;
    const apply = () => {
      html.style.fontSize = `${remFontSize(window.innerWidth)}px`;
    };
    apply();
    html.classList.add('fb-touch-root');
    window.addEventListener('resize', apply);
    return () => {
      window.removeEventListener('resize', apply);
      html.style.fontSize = '';
      html.classList.remove('fb-touch-root');
    };
  }, []);
  const partner = params.has('from');
  return (
    <div className="fb-touch">
      {!partner && <MobileHeader />}
      <main className="fb-touch-main">
        {signingIn ? (
          <div className="fb-center-page">
            <NonIdealState titleLevel={1} icon={<Spinner size={40} />} title="正在登录…" />
          </div>
        ) : (
          <PageOutlet />
        )}
      </main>
      <Footer compact />
    </div>
  );
};
