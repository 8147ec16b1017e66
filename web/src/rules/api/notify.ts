import { useSyncExternalStore } from 'react';
import { createToasts } from '../../api/toaster.ts';
import { RULES_MESSAGE_MS, setRulesNotifier } from './client.ts';

const toasts = createToasts({ maxToasts: 3, timeout: RULES_MESSAGE_MS });
export const notify = {
  error: (message: string) => toasts.error(message),
  warning: (message: string) => toasts.warning(message),
  success: (message: string) => toasts.success(message),
};

/** The re-login prompt: one at a time, however many calls failed together. */
let relogin: string | null = null;
const listeners = new Set<() => void>();
const setRelogin = (message: string | null) => {
  relogin = message;
  for (const l of listeners) l();
};
export const reloginPrompt = {
  open: (message: string) => {
    if (relogin === null) setRelogin(message);
  },
  dismiss: () => setRelogin(null),
  subscribe: (l: () => void) => {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  get: () => relogin,
};
export const useReloginPrompt = () =>
  useSyncExternalStore(reloginPrompt.subscribe, reloginPrompt.get, reloginPrompt.get);

/** Wires the client's failures to the toaster and the prompt (called once by the entry). */
export const installNotifier = () => setRulesNotifier({ error: notify.error, relogin: reloginPrompt.open });
