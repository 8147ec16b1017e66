/**
 * Where the focus goes when a dialog opens (a Blueprint Dialog's or Drawer's `onOpening`).
 * Left alone, Blueprint focuses an empty guard element placed before the dialog: a screen reader then
 * announces nothing, and the dialog's name is never read. Here the focus lands inside the dialog: on
 * its first field where a mouse and keyboard are at hand, else on the dialog itself (its name is
 * read, and a phone's keyboard does not pop up over a dialog that was only opened). Closing gives
 * the focus back to what opened the dialog (Blueprint's shouldReturnFocusOnClose).
 */
export const focusDialog = (node: HTMLElement) => {
  const dialog = node.matches('[role="dialog"], [role="alertdialog"]')
    ? node
    : node.querySelector<HTMLElement>('[role="dialog"], [role="alertdialog"]');
  if (!dialog) return;
  const finePointer = typeof window.matchMedia === 'function' && window.matchMedia('(pointer: fine)').matches;
  const field = finePointer
    ? dialog.querySelector<HTMLElement>(
        'input:not([type="hidden"]):not(:disabled), select:not(:disabled), textarea:not(:disabled)',
      )
    : null;
  if (field) {
    field.focus({ preventScroll: true });
    return;
  }
  if (!dialog.hasAttribute('tabindex')) dialog.tabIndex = -1;
  dialog.focus({ preventScroll: true });
};
