/**
 * The two sites: desktop (/platform, /index) and mobile (/touch). Screens are one component
 * with a `variant`; this module holds what differs by site: routes and the login prompt.
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { sessionStore, setRedirect } from '../api/session.ts';
import { uiStore } from '../api/ui.ts';

export type Variant = 'desktop' | 'mobile';

/** Prompts a visitor without a session to log in when the page opens (dialog on desktop, login page on mobile). */
/** The login dialog, coming back to this page afterwards (a login with no stored address goes home). */
export const openLoginHere = () => {
  setRedirect(window.location.pathname + window.location.search);
  uiStore.openAuth('login');
};

export const useLoginPrompt = (variant: Variant, enabled = true) => {
  const navigate = useNavigate();
  // biome-ignore lint/correctness/useExhaustiveDependencies: only at page open; a logout while here must not reopen it
  useEffect(() => {
    if (!enabled || sessionStore.get()) return;
    const here = window.location.pathname + window.location.search;
    if (variant === 'mobile') navigate(`/touch/user/login?backUrl=${encodeURIComponent(here)}`, { replace: true });
    else openLoginHere();
  }, []);
};

/** Route prefix of a variant. */
export const routesOf = (variant: Variant) =>
  variant === 'mobile'
    ? {
        guide: '/touch/guide',
        insure: '/touch/insure',
        plan: '/touch/supportConcept',
        list: '/touch/orderInquiry',
        userInfo: '/touch/userInformation',
        home: '/touch/index',
        report: '/touch/report',
        claims: '/touch/applyForCompensation',
      }
    : {
        guide: '/platform/guide',
        insure: '/platform/insure',
        plan: '/platform/supportConcept',
        list: '/platform/orderInquiry',
        userInfo: '/platform/userInformation',
        home: '/index/index',
        report: '/platform/report',
        claims: '/platform/applyForCompensation',
      };
