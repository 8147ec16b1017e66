import { afterEach, describe, expect, it, vi } from 'vitest';
import { focusDialog } from './dialogFocus.ts';

/** A Blueprint dialog's container as onOpening receives it: the dialog inside, with a close button and a form. */
const dialogContainer = (fields: string) => {
  const container = document.createElement('div');
  container.innerHTML = `<div role="dialog" aria-label="撤销询价"><button aria-label="Close">×</button>${fields}</div>`;
  document.body.append(container);
  return container;
};

const pointer = (fine: boolean) =>
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: fine && query === '(pointer: fine)' }));

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('focusDialog', () => {
  it('with a mouse at hand, focuses the first enabled field (not the close button)', () => {
    pointer(true);
    const container = dialogContainer('<input id="a" disabled /><select id="b"></select><input id="c" />');
    focusDialog(container);
    expect(document.activeElement?.id).toBe('b');
  });

  it('on a touch screen, focuses the dialog itself, so that no keyboard pops up', () => {
    pointer(false);
    const container = dialogContainer('<input id="c" />');
    focusDialog(container);
    const dialog = container.querySelector('[role="dialog"]');
    expect(document.activeElement).toBe(dialog);
    expect(dialog?.getAttribute('tabindex')).toBe('-1');
  });

  it('a dialog without fields takes the focus itself; a node that is the dialog works as well', () => {
    pointer(true);
    const container = dialogContainer('<p>确认删除？</p>');
    const dialog = container.querySelector<HTMLElement>('[role="dialog"]')!;
    focusDialog(dialog);
    expect(document.activeElement).toBe(dialog);
  });
});
