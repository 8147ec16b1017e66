import { OverlayToaster, Position } from '@blueprintjs/core';
import type { Intent, Toaster } from '@blueprintjs/core';
import { ApiError } from './createClient.ts';

export const TOAST_TIMEOUT = 3000;

/** The insure confirmation stays a little longer. */
export const INSURE_TOAST_TIMEOUT = 4000;

export type Toasts = {
  success: (message: string, timeout?: number) => void;
  error: (message: string, timeout?: number) => void;
  warning: (message: string, timeout?: number) => void;
  info: (message: string) => void;
};

/**
 * Toasts at the top of the page, made on first use. Each app says how many may stack and how long
 * one stays: the customer app 4 for 3 s, the rule platform 3 for 5 s (its messages are longer).
 */
export const createToasts = ({ maxToasts, timeout }: { maxToasts: number; timeout: number }): Toasts => {
  let toaster: Promise<Toaster> | null = null;
  const show = (message: string, intent: Intent, shown = timeout) => {
    toaster ??= OverlayToaster.create({ position: Position.TOP, maxToasts });
    void toaster.then((t) => t.show({ message, intent, timeout: shown }));
  };
  return {
    success: (message, shown) => show(message, 'success', shown),
    error: (message, shown) => show(message, 'danger', shown),
    warning: (message, shown) => show(message, 'warning', shown),
    info: (message) => show(message, 'primary'),
  };
};

export const toast = createToasts({ maxToasts: 4, timeout: TOAST_TIMEOUT });

/** Shows any failure as an error toast (never swallowed). */
export const notifyError = (e: unknown) => {
  if (e instanceof ApiError) {
    if (!e.handled) toast.error(e.message);
    return;
  }
  if (e instanceof Error && e.name === 'AbortError') return;
  toast.error(e instanceof Error && e.message ? e.message : '操作失败，请稍后重试');
  console.error(e);
};
