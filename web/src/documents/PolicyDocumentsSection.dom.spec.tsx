import { act } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CertificateRow, PolicyDocumentsAnswer } from '@feibao/domain/documents/api';

const api = vi.hoisted(() => ({
  usePolicyDocuments: vi.fn(),
  downloadPolicy: vi.fn(),
  downloadCertificate: vi.fn(),
  withdrawCertificate: vi.fn(),
  addCertificateHolder: vi.fn(),
}));
vi.mock('./api.ts', () => api);

const { PolicyDocumentsSection } = await import('./PolicyDocumentsSection.tsx');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const certificate = (patch: Partial<CertificateRow>): CertificateRow => ({
  certificateId: 'o-1.aa',
  certificateNo: 'ZM-P1-001',
  holder: { name: '某建设公司', idNumber: '913501********0Y43', address: null, purpose: '航测项目' },
  status: 'issued',
  statusText: '有效',
  addedAt: '2026-11-27T01:00:00.000Z',
  issuedAt: '2026-11-27T01:00:02.000Z',
  withdrawnAt: null,
  actions: ['download', 'withdraw'],
  ...patch,
});
const answer = (patch: Partial<PolicyDocumentsAnswer>): PolicyDocumentsAnswer => ({
  orderId: 'o-1',
  policyNo: 'P1',
  policy: null,
  actions: ['addCertificate'],
  versions: [],
  certificates: [],
  ...patch,
});

let root: Root;
let host: HTMLDivElement;
beforeEach(() => {
  vi.clearAllMocks();
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

const render = (data: PolicyDocumentsAnswer | undefined) => {
  api.usePolicyDocuments.mockReturnValue({ data, error: undefined, mutate: vi.fn() });
  act(() => root.render(<PolicyDocumentsSection orderId="o-1" variant="desktop" />));
};
const buttons = () => [...host.querySelectorAll('button')].map((b) => b.textContent?.trim());

describe('电子保单 section', () => {
  it('shows nothing for an order that is not a policy', () => {
    render(answer({ policyNo: null, actions: [] }));
    expect(host.textContent).toBe('');
  });

  it('says the policy is being rendered until the server offers its download', () => {
    render(answer({}));
    expect(host.textContent).toContain('电子保单正在生成');
    expect(buttons()).toEqual(['添加投保证明']);
  });

  it('renders the buttons the server allows, per certificate', () => {
    render(
      answer({
        actions: ['downloadPolicy'],
        certificates: [
          certificate({}),
          certificate({ certificateId: 'o-1.bb', status: 'withdrawn', statusText: '已撤销', actions: [] }),
        ],
      }),
    );
    expect(buttons()).toEqual(['下载电子保单', '下载', '撤销']);
    const rows = host.querySelectorAll('[data-certificate="某建设公司"]');
    expect(rows).toHaveLength(2);
    expect(rows[1]?.textContent).toContain('已撤销');
  });
});
