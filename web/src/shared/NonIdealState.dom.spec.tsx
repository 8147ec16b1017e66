import { act } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NonIdealState } from './NonIdealState.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLDivElement;
beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

describe('NonIdealState', () => {
  it('titles the state with an h2 by default, never the h4 that would skip levels under the page h1', () => {
    act(() => root.render(<NonIdealState icon="inbox" title="暂无订单" description="登录后可查询您的订单。" />));
    expect(host.querySelector('h2')?.textContent).toBe('暂无订单');
    expect(host.querySelector('h4')).toBeNull();
    expect(host.textContent).toContain('登录后可查询您的订单。');
  });

  it('takes the level the page needs: h1 on a page of its own, h3 inside a section', () => {
    act(() => root.render(<NonIdealState titleLevel={1} title="404" />));
    expect(host.querySelector('h1')?.textContent).toBe('404');
    act(() => root.render(<NonIdealState titleLevel={3} title="暂无图片" />));
    expect(host.querySelector('h3')?.textContent).toBe('暂无图片');
  });

  it('without a title renders no heading', () => {
    act(() => root.render(<NonIdealState icon="airplane" description="暂无受损无人机" />));
    expect(host.querySelector('h1, h2, h3, h4, h5, h6')).toBeNull();
    expect(host.textContent).toContain('暂无受损无人机');
  });
});
