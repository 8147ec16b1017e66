import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { domRoot } from '../testing/domRoot.ts';
import type { TraceStep } from '@feibao/domain/rules/rating';
import { TracePanel } from './TracePanel.tsx';

const view = domRoot();

const steps: TraceStep[] = [
  {
    rule: 'tariff-1',
    node: '基础费率',
    type: 'decisionTable',
    matched: 'r2',
    output: { premium: 4336.333333333, refer: false },
  },
  { rule: 'referral', node: '转人工', type: 'switch' },
];
const cells = () =>
  [...view.host.querySelectorAll('tr')].map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent));

describe('TracePanel', () => {
  it("shows the authors the engine's own words, in the columns asked for", () => {
    act(() =>
      view.root.render(
        <TracePanel
          steps={steps}
          words="engine"
          columns={['node', 'type', 'matched', 'output']}
          className="rp-table rp-ed-trace"
          outputClassName="rp-ed-trace-output"
          testId="rules-try-trace"
        />,
      ),
    );
    const table = view.host.querySelector('table')!;
    expect(table.className).toBe('bp6-html-table bp6-compact rp-table rp-ed-trace');
    expect(table.dataset.testid).toBe('rules-try-trace');
    expect(cells()).toEqual([
      ['节点', '类型', '命中', '输出'],
      ['基础费率', '决策表', 'r2', '{"premium":4336.333333333,"refer":false}'],
      ['转人工', '分支', '—', '—'],
    ]);
    expect(view.host.querySelector('td.rp-ed-trace-output')?.textContent).toContain('premium');
  });

  it("shows staff the rule's name, rows counted from 1 and outputs spelt out", () => {
    act(() =>
      view.root.render(
        <TracePanel
          steps={steps}
          words="words"
          names={new Map([['tariff-1', '一号保司费率']])}
          columns={['rule', 'node', 'type', 'matched', 'output']}
          striped
          className="fb-table"
          aria-label="执行轨迹"
          rowTestId="quote-why-step"
        />,
      ),
    );
    expect(view.host.querySelector('table')?.className).toBe(
      'bp6-html-table bp6-compact bp6-html-table-striped fb-table',
    );
    expect(cells()).toEqual([
      ['规则', '节点', '类型', '命中', '输出'],
      ['一号保司费率', '基础费率', '决策表', '第3行', 'premium = 4336.333333；refer = 否'],
      ['referral', '转人工', '分支', '—', '—'],
    ]);
    expect(view.host.querySelector('td')?.getAttribute('title')).toBe('tariff-1');
    expect(view.host.querySelectorAll('[data-testid="quote-why-step"]')).toHaveLength(2);
  });

  it('shows the batch detail rule, node, match and output only', () => {
    act(() =>
      view.root.render(<TracePanel steps={steps} words="engine" columns={['rule', 'node', 'matched', 'output']} />),
    );
    expect(cells()[0]).toEqual(['规则', '节点', '命中', '输出']);
    expect(cells()[2]).toEqual(['referral', '转人工', '—', '—']);
    expect(view.host.querySelector('td')?.hasAttribute('title')).toBe(false);
  });
});
