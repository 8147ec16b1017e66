import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { domRoot } from './testing/domRoot.ts';
import { NonIdealState } from './NonIdealState.tsx';

const view = domRoot();

describe('NonIdealState', () => {
  it('titles the state with an h2 by default, never the h4 that would skip levels under the page h1', () => {
    act(() => view.root.render(<NonIdealState icon="inbox" title="暂无订单" description="登录后可查询您的订单。" />));
    expect(view.host.querySelector('h2')?.textContent).toBe('暂无订单');
    expect(view.host.querySelector('h4')).toBeNull();
    expect(view.host.textContent).toContain('登录后可查询您的订单。');
  });

  it('takes the level the page needs: h1 on a page of its own, h3 inside a section', () => {
    act(() => view.root.render(<NonIdealState titleLevel={1} title="404" />));
    expect(view.host.querySelector('h1')?.textContent).toBe('404');
    act(() => view.root.render(<NonIdealState titleLevel={3} title="暂无图片" />));
    expect(view.host.querySelector('h3')?.textContent).toBe('暂无图片');
  });

  it('without a title renders no heading', () => {
    act(() => view.root.render(<NonIdealState icon="airplane" description="暂无受损无人机" />));
    expect(view.host.querySelector('h1, h2, h3, h4, h5, h6')).toBeNull();
    expect(view.host.textContent).toContain('暂无受损无人机');
  });
});
