/** App-wide dialog state: the switchable auth dialog and the 完善信息 dialog. */
import { useSyncExternalStore } from 'react';

export type AuthMode = 'login' | 'register' | 'reset';
type UiState = { auth: AuthMode | null; profile: boolean };

let state: UiState = { auth: null, profile: false };
const listeners = new Set<() => void>();
const set = (next: Partial<UiState>) => {
  state = { ...state, ...next };
  for (const l of listeners) l();
};

export const uiStore = {
  get: () => state,
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  openAuth: (mode: AuthMode = 'login') => set({ auth: mode }),
  closeAuth: () => set({ auth: null }),
  openProfile: () => set({ profile: true }),
  closeProfile: () => set({ profile: false }),
};

export const useUi = () => useSyncExternalStore(uiStore.subscribe, uiStore.get, uiStore.get);
