import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { VerificationAnswer } from '@feibao/domain/verification/api';
import { domRoot } from '../shared/testing/domRoot.ts';
import { AnswerCard } from './AnswerCard.tsx';

const view = domRoot();

const certificate: VerificationAnswer = {
  status: 'withdrawn',
  statusText: '已撤销',
  document: {
    kind: 'certificate',
    kindText: '投保证明',
    insurer: '人保财险',
    policyholder: '飞保测绘***公司',
    period: { startDate: '2026-12-01', endDate: '2027-11-30', text: '2026-12-01 00:00 至 2027-11-30 24:00' },
    covers: [{ name: '无人机第三者责任险', sumInsured: 2_000_000 }],
    droneCount: 3,
    holder: '张*',
    contentSha256: 'ab'.repeat(32),
  },
};

describe('AnswerCard', () => {
  it('shows the status in its colour class with its explanation, and the public fields', () => {
    act(() =>
      view.root.render(<AnswerCard result={{ by: 'code', answer: certificate, message: '验证码由本平台签发' }} />),
    );
    const card = view.host.querySelector('section');
    expect(card?.className).toContain('fb-verify-withdrawn');
    expect(view.host.querySelector('[data-testid="verify-status"]')?.textContent).toBe('已撤销');
    const text = view.host.textContent ?? '';
    for (const shown of [
      '该投保证明已由投保人撤销',
      '证明持有人',
      '张*',
      '飞保测绘***公司',
      '¥2,000,000.00',
      '3 架',
      'ab'.repeat(32),
    ])
      expect(text).toContain(shown);
    // A code lookup shows no file line.
    expect(view.host.querySelector('.fb-verify-file')).toBeNull();
  });

  it('names the version of an endorsed policy and the facts of a 批单; nothing of the kind on a certificate', () => {
    act(() => view.root.render(<AnswerCard result={{ by: 'code', answer: certificate, message: '' }} />));
    expect(view.host.querySelector('[data-testid="verify-status"]')).not.toBeNull();
    expect(view.host.querySelector('[data-testid="verify-version"]')).toBeNull();
    const endorsement = {
      ...certificate,
      status: 'valid',
      statusText: '有效',
      document: {
        ...certificate.document!,
        kind: 'endorsement',
        kindText: '批单',
        holder: null,
        version: 2,
        currentVersion: 2,
        versionText: '批单，批改后为第2版',
        endorsement: { endorsementNo: 'PD0002', version: 2, effectiveDate: '2026-12-01' },
      },
    } as VerificationAnswer;
    act(() => view.root.render(<AnswerCard result={{ by: 'code', answer: endorsement, message: '' }} />));
    expect(view.host.querySelector('[data-testid="verify-version"]')?.textContent).toBe('批单，批改后为第2版');
    const text = view.host.textContent ?? '';
    for (const shown of ['批单号', 'PD0002', '批改生效日', '2026-12-01']) expect(text).toContain(shown);
  });

  it('names no holder on a policy, and shows what a file check found', () => {
    const policy = {
      ...certificate,
      status: 'valid',
      statusText: '有效',
      document: { ...certificate.document!, kind: 'policy', holder: null },
    } as VerificationAnswer;
    act(() => view.root.render(<AnswerCard result={{ by: 'file', answer: policy, message: '文件校验通过' }} />));
    expect(view.host.textContent).not.toContain('证明持有人');
    expect(view.host.querySelector('.fb-verify-file-genuine')?.textContent).toContain('文件校验通过');
    const none: VerificationAnswer = { status: 'notFound', statusText: '不存在', document: null };
    act(() => view.root.render(<AnswerCard result={{ by: 'file', answer: none, message: '已被改动' }} />));
    expect(view.host.querySelector('.fb-verify-file-failed')?.textContent).toContain('已被改动');
    expect(view.host.querySelector('dl')).toBeNull();
  });
});
