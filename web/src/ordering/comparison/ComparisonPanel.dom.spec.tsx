import { act } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlanCell, PlanRow, TotalsRow } from '@feibao/domain/ordering/api';
import { compareQuotes, defaultLoss, type LossChoice } from '@feibao/domain/ordering/comparison';

const api = vi.hoisted(() => ({ useComparison: vi.fn() }));
vi.mock('./api.ts', () => api);

const { ComparisonPanel } = await import('./ComparisonPanel.tsx');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** One drone's hull line quoted by three insurers; the answer is the domain's own compareQuotes. */
const answerFor = (loss: LossChoice) => {
  const quotes: [number, number, string][] = [
    [1, 3000, '免赔10%或1000元'],
    [2, 2500, '绝对免赔30%'],
    [3, 2800, '免赔以保单约定为准'],
  ];
  const cell = ([id, premium, deductible]: [number, number, string]): PlanCell => ({
    insuranceCompanyId: id,
    insuranceCompanyName: `保险${id}`,
    status: 'quoted',
    insurancePremium: premium,
    deductiblePremiumString: deductible,
    quotedPriceDate: null,
    remark: null,
  });
  const row: PlanRow = {
    key: '1:0',
    orderInfoId: 'o-1',
    state: 2,
    insuranceTypeInfoId: 1,
    insuranceTypeInfoName: '无人机机身损失险',
    uavInfoId: '0',
    uavInfoName: '测绘一号',
    quantity: 1,
    insuranceAmount: 10,
    guaranteeTerm: 365,
    siteSize: null,
    staffCount: null,
    studentCount: null,
    insuranceCompanyList: quotes.map(cell),
  };
  const totals: TotalsRow = {
    orderInfoId: 'o-1',
    key: 'total',
    isTotal: true,
    insuranceTypeInfoName: '合计',
    state: 2,
    insuranceCompanyList: quotes.map(([id, premium]) => ({
      insuranceCompanyId: id,
      insuranceCompanyName: `保险${id}`,
      status: 'answered',
      total: premium,
      quotedAll: true,
      canInsure: true,
      validUntil: null,
      expired: false,
      termsConfirmed: true,
    })),
  };
  return compareQuotes([row, totals], loss);
};

let root: Root;
let host: HTMLDivElement;
beforeEach(() => {
  vi.clearAllMocks();
  api.useComparison.mockImplementation((_id: string, loss: LossChoice) => ({
    data: answerFor(loss),
    error: undefined,
    mutate: vi.fn(),
  }));
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

const headers = () => [...host.querySelectorAll('thead th')].map((th) => th.textContent?.trim());
const costs = () => [...host.querySelectorAll('[data-testid="compare-expected-cost"]')].map((c) => c.textContent);

describe('ComparisonPanel', () => {
  it('shows the insurers in the server’s order, each with its label, and 需人工确认免赔 for wording nobody read', () => {
    act(() => root.render(<ComparisonPanel orderId="o-1" variant="desktop" />));
    expect(api.useComparison).toHaveBeenLastCalledWith('o-1', defaultLoss);
    // 10%/¥1,000 on ¥20,000: ¥2,000 + ¥3,000 = ¥5,000; 30%: ¥6,000 + ¥2,500 = ¥8,500; the third has no number.
    // No line takes the ¥200,000 third-party loss: the customer's own with every insurer, and said so.
    expect(headers()).toEqual(['按预计总成本排序', '1. 保险1可直接投保', '2. 保险2可直接投保', '3. 保险3可直接投保']);
    expect(costs()).toEqual(['¥205,000.00', '¥208,500.00', '—']);
    expect(host.textContent).toContain('本方案没有承保该损失的险种，¥20万 需全部自付');
    expect(host.textContent).toContain('需人工确认免赔');
  });

  it('hides the insurers a filter elsewhere leaves out', () => {
    act(() => root.render(<ComparisonPanel orderId="o-1" variant="mobile" visibleInsurerIds={[2, 3]} />));
    const cards = [...host.querySelectorAll('.fb-compare-card')].map((c) => c.getAttribute('data-insurer'));
    expect(cards).toEqual(['2', '3']);
  });

  it('asks again for the loss a chip chooses', () => {
    act(() => root.render(<ComparisonPanel orderId="o-1" variant="desktop" />));
    const chip = [...host.querySelectorAll('button')].find((b) => b.textContent === '机身 ¥5万')!;
    act(() => chip.click());
    expect(api.useComparison).toHaveBeenLastCalledWith('o-1', { ...defaultLoss, hullLoss: 50_000 });
    expect(costs()).toEqual(['¥208,000.00', '¥217,500.00', '—']);
  });
});
