import { OverlayToaster, Position } from '@blueprintjs/core';
import type { Intent, Toaster } from '@blueprintjs/core';
import { ApiError } from './client.ts';

export const TOAST_TIMEOUT = 3000;

let toasterPromise: Promise<Toaster> | null = null;
const getToaster = () => {
  toasterPromise ??= OverlayToaster.create({ position: Position.TOP, maxToasts: 4 });
  return toasterPromise;
};

/** The insure confirmation stays a little longer. */
export const INSURE_TOAST_TIMEOUT = 4000;

const show = (message: string, intent: Intent, timeout = TOAST_TIMEOUT) => {
  void getToaster().then((t) => t.show({ message, intent, timeout }));
};

export const toast = {
  success: (message: string, timeout?: number) => show(message, 'success', timeout),
  error: (message: string, timeout?: number) => show(message, 'danger', timeout),
  warning: (message: string, timeout?: number) => show(message, 'warning', timeout),
  info: (message: string) => show(message, 'primary'),
};

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
