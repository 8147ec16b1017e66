import { act } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('./api.ts', () => ({ addCertificateHolder: vi.fn() }));

const { AddCertificateDialog } = await import('./AddCertificateDialog.tsx');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLDivElement;
beforeEach(() => {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

const value = (id: string) => (document.getElementById(id) as HTMLInputElement | null)?.value;

/** 投保要求's named additional insured (docs/api/requirements.md) is offered prefilled. */
describe('添加投保证明 with a named additional insured', () => {
  it('opens with the insured filled in, and says so', async () => {
    await act(async () => {
      root.render(
        <AddCertificateDialog
          orderId="o-1"
          suggested={{ name: '上海张江建设工程有限公司', creditCode: '91350100M000100Y43' }}
          isOpen
          mobile={false}
          onClose={() => undefined}
          onDone={() => undefined}
        />,
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(value('f-name')).toBe('上海张江建设工程有限公司');
    expect(value('f-idNumber')).toBe('91350100M000100Y43');
    expect(document.querySelector('[data-testid="certificate-suggested"]')).not.toBeNull();
  });

  it('opens empty without one', async () => {
    await act(async () => {
      root.render(
        <AddCertificateDialog orderId="o-1" isOpen mobile={false} onClose={() => undefined} onDone={() => undefined} />,
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(value('f-name')).toBe('');
    expect(document.querySelector('[data-testid="certificate-suggested"]')).toBeNull();
  });
});
