import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

// React warns about updates outside act() unless the test environment says it wraps them.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * A fresh React root per test for the dom specs: a host element in the document (dialogs portal out
 * of it, so specs may query `document` too), unmounted and removed after each test.
 */
export const domRoot = () => {
  const view = {} as { root: Root; host: HTMLDivElement };
  beforeEach(() => {
    view.host = document.createElement('div');
    document.body.append(view.host);
    view.root = createRoot(view.host);
  });
  afterEach(() => {
    act(() => view.root.unmount());
    view.host.remove();
  });
  return view;
};
