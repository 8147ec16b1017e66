import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { domRoot } from './testing/domRoot.ts';
import { Pager } from './Pager.tsx';

const view = domRoot();

const button = (label: string) => view.host.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`)!;

describe('Pager', () => {
  it('is a page navigation in the customer app, the total first', () => {
    const onPage = vi.fn();
    act(() =>
      view.root.render(<Pager look="list" page={1} pages={3} onPage={onPage} total={{ count: 25 }} testId="p" />),
    );
    const nav = view.host.querySelector('nav.fb-pager')!;
    expect(nav.getAttribute('aria-label')).toBe('分页');
    expect(nav.textContent).toBe('共 25 条第 1 / 3 页');
    expect(button('上一页').disabled).toBe(true);
    act(() => button('下一页').click());
    expect(onPage).toHaveBeenCalledWith(2);
  });

  it("sits in the rule platform's toolbar with the total after the page", () => {
    const onPage = vi.fn();
    act(() =>
      view.root.render(
        <Pager
          look="rules"
          page={3}
          pages={3}
          onPage={onPage}
          total={{ count: 25, unit: '个案例' }}
          testId="rules-pager"
        />,
      ),
    );
    const bar = view.host.querySelector('[data-testid="rules-pager"]')!;
    expect(bar.className).toBe('rp-toolbar');
    expect(bar.textContent).toBe('第 3 / 3 页，共 25 个案例');
    expect(button('下一页').disabled).toBe(true);
    act(() => button('上一页').click());
    expect(onPage).toHaveBeenCalledWith(2);
  });
});
