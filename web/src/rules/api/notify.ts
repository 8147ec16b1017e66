import { useSyncExternalStore } from 'react';
import { OverlayToaster, Position, type Toaster } from '@blueprintjs/core';
import { RULES_MESSAGE_MS, setRulesNotifier } from './client.ts';

let toaster: Promise<Toaster> | null = null;
const show = (message: string, intent: 'danger' | 'warning' | 'success') => {
  toaster ??= OverlayToaster.create({ position: Position.TOP, maxToasts: 3 });
  void toaster.then((t) => t.show({ message, intent, timeout: RULES_MESSAGE_MS }));
};

export const notify = {
  error: (message: string) => show(message, 'danger'),
  warning: (message: string) => show(message, 'warning'),
  success: (message: string) => show(message, 'success'),
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
