import { describe, expect, it } from 'vitest';
import { noRequirements, type Requirements } from '../ordering/requirements.ts';
import { certificateContent } from './content.ts';
import { partiesFixture, policyOrderFixture } from './fixtures.ts';
import { layoutDocument, pageTexts } from './layout.ts';
import { certificateSpec } from './specs.ts';

/** 客户要求核对 on a certificate (docs/api/requirements.md): the policy's quote against the stated requirements. */

const issue = {
  verificationCode: 'ABCD-EFGH-JKMN-PQRS-TVWX-YZ01-2345-6789',
  publicBaseUrl: 'https://feibao.example/',
  issuedAt: new Date('2026-11-20T03:00:00.000Z'),
};
const holder = { name: '上海张江建设有限公司', idNumber: '91350100M000100Y43', address: null, purpose: null };
const certificate = (requirements?: Requirements, name = holder.name) => {
  const order = policyOrderFixture();
  return certificateContent(
    requirements ? { ...order, requirements } : order,
    partiesFixture,
    { certificateNo: 'ZM-1', holder: { ...holder, name } },
    issue,
  );
};
const printed = (content: ReturnType<typeof certificate>) =>
  pageTexts(layoutDocument(certificateSpec(content, 'ab'.repeat(32))))
    .flat()
    .join('\n');

describe('客户要求核对 on a certificate', () => {
  it('given no requirements, then the content has no block and prints none', () => {
    const content = certificate();
    expect('requirementsCheck' in content).toBe(false);
    expect(printed(content)).not.toContain('客户要求核对');
  });

  it('given requirements, then each is printed with its mark and reason', () => {
    const requirements: Requirements = {
      ...noRequirements,
      minTermDays: 400,
      requiredCoverIds: [5],
      additionalInsured: { name: holder.name, creditCode: holder.idNumber },
    };
    const content = certificate(requirements);
    expect(content.requirementsCheck).toEqual([
      { label: '保险期间 ≥ 400天', mark: '×', reason: '保险期间 365天，短于要求的 400天' },
      { label: '含盗抢险', mark: '×', reason: '方案未含盗抢险' },
      { label: `附加被保险人「${holder.name}」`, mark: '✓', reason: '本证明即为该附加被保险人出具' },
    ]);
    const text = printed(content);
    expect(text).toContain('客户要求核对');
    expect(text).toContain('方案未含盗抢险');
  });

  it('given a certificate for someone else, then the additional insured is marked unmet', () => {
    const requirements: Requirements = {
      ...noRequirements,
      additionalInsured: { name: holder.name, creditCode: null },
    };
    expect(certificate(requirements, '另一家公司').requirementsCheck).toEqual([
      { label: `附加被保险人「${holder.name}」`, mark: '×', reason: '本证明持有人为「另一家公司」' },
    ]);
  });
});
