import { describe, expect, it } from 'vitest';
import { certificateContent, formatYuan, partiesOf, policyContent, policyPeriod } from './content.ts';
import { partiesFixture, policyOrderFixture } from './fixtures.ts';
import { layoutDocument, pageTexts, PAGE, wrapText } from './layout.ts';
import { certificateSpec, policySpec } from './specs.ts';

const issue = {
  verificationCode: 'ABCD-EFGH-JKMN-PQRS-TVWX-YZ01-2345-6789',
  publicBaseUrl: 'https://feibao.example/',
  issuedAt: new Date('2026-11-20T03:00:00.000Z'),
};
const fingerprint = 'ab'.repeat(32);

describe('policy layout', () => {
  it('prints every field of the policy', () => {
    const content = policyContent(policyOrderFixture(), partiesFixture, issue);
    const pages = layoutDocument(policySpec(content, fingerprint));
    const text = pageTexts(pages).flat().join('\n');
    const expected = [
      'PICC2026110000123',
      '中国人民财产保险股份有限公司',
      '飞保保险经纪有限公司',
      '经营保险经纪业务许可证',
      '飞保测绘科技有限公司',
      '913100********000X',
      '自2026年11月21日00时00分起至2027年11月20日24时00分止',
      '无人机机身损失险',
      '无人机第三者责任险',
      '测绘一号',
      formatYuan(content.covers[0]!.sumInsured),
      formatYuan(content.totalPremium),
      content.totalPremiumInWords,
      '大疆 DJI',
      'Matrice 350 RTK',
      '1581F5FHD23A',
      '1581F5FHD23B',
      '纵横股份',
      'CW-15',
      '王飞',
      'CAAC-2023-0001',
      '特别约定',
      '电子保单专用章',
      '2026-11-20',
      'https://feibao.example/verify/ABCD-EFGH-JKMN-PQRS-TVWX-YZ01-2345-6789',
      issue.verificationCode,
      fingerprint,
      `第 1 页 共 ${pages.length} 页`,
    ];
    for (const field of expected) expect(text).toContain(field);
    expect(content.totalPremiumInWords).toMatch(/^[零壹贰叁肆伍陆柒捌玖拾佰仟万亿元角分整]+$/);
  });

  it('spreads 50 drones over several pages, repeating the table header on each', () => {
    const content = policyContent(policyOrderFixture(50), partiesFixture, issue);
    const pages = layoutDocument(policySpec(content, fingerprint));
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const texts = pageTexts(pages);
    pages.forEach((page, i) => {
      expect(texts[i]).toContain(`第 ${i + 1} 页 共 ${pages.length} 页`);
      expect(texts[i]).toContain('保单号：PICC2026110000123');
      for (const item of page.items) expect(item.y).toBeGreaterThanOrEqual(PAGE.top);
      // A page that continues a table starts with its title and header again.
      const rows = page.items.filter((it) => it.kind === 'tableRow');
      if (rows.length > 0) expect(page.items.some((it) => it.kind === 'tableHeader')).toBe(true);
    });
    const continued = texts.slice(1).filter((t) => t.some((s) => s.endsWith('（续）')));
    expect(continued.length).toBeGreaterThanOrEqual(1);
    for (const t of continued) expect(t).toContain('序号');
    const all = texts.flat();
    for (let i = 1; i <= 50; i += 1) expect(all).toContain(`1581F5FHD${String(i).padStart(4, '0')}`);
    expect(pages.at(-1)!.items.at(-1)!.kind).toBe('verification');
  });

  it('keeps every item above the footer', () => {
    const pages = layoutDocument(policySpec(policyContent(policyOrderFixture(50), partiesFixture, issue), fingerprint));
    for (const page of pages) for (const item of page.items) expect(item.y).toBeLessThan(PAGE.bottom);
  });
});

describe('certificate layout', () => {
  it('names the holder, the policy and its covers', () => {
    const content = certificateContent(
      policyOrderFixture(),
      partiesFixture,
      {
        certificateNo: 'ZM-PICC2026110000123-001',
        holder: {
          name: '上海张江建设有限公司',
          idNumber: '91350100M000100Y43',
          address: '上海市浦东新区',
          purpose: '张江航测项目',
        },
      },
      issue,
    );
    const text = pageTexts(layoutDocument(certificateSpec(content, fingerprint)))
      .flat()
      .join('\n');
    for (const field of [
      '投保证明',
      'ZM-PICC2026110000123-001',
      '上海张江建设有限公司',
      '913501********0Y43',
      '张江航测项目',
      'PICC2026110000123',
      '无人机机身损失险',
      issue.verificationCode,
      fingerprint,
    ])
      expect(text).toContain(field);
  });
});

describe('period and wrapping', () => {
  it('runs from 00:00 of the first day to 24:00 of the last, in Shanghai', () => {
    expect(policyPeriod('2026-11-20T16:00:00.000Z', '2027-11-20T16:00:00.000Z').text).toBe(
      '自2026年11月21日00时00分起至2027年11月20日24时00分止',
    );
  });

  it('wraps CJK text by width', () => {
    expect(wrapText('一二三四五六', 4)).toEqual(['一二三四', '五六']);
    expect(wrapText('', 4)).toEqual(['']);
    // A policy number is not cut in two; a run longer than a line is.
    expect(wrapText('保单号PICC2026', 6)).toEqual(['保单号', 'PICC2026']);
    expect(wrapText('ABCDEFGHIJKLMNOPQRST', 5)).toEqual(['ABCDEFGH', 'IJKLMNOP', 'QRST']);
  });
});

describe('parties', () => {
  it('masks the numbers and names another insured when the profile does', () => {
    const { policyholder, insured } = partiesOf(
      {
        enterpriseName: '飞保测绘科技有限公司',
        unifiedSocialCreditCode: '91310000MA1FL0000X',
        theInsured: 2,
        theInsuredName: '王飞',
        theInsuredIdCard: '11010519491231002X',
      },
      '13912345678',
    );
    expect(policyholder).toEqual({
      name: '飞保测绘科技有限公司',
      idLabel: '统一社会信用代码',
      idNumber: '913100********000X',
    });
    expect(insured).toEqual({ name: '王飞', idLabel: '身份证号码', idNumber: '110105********002X' });
    expect(partiesOf(null, '测试用户').insured).toEqual({ name: '测试用户', idLabel: '证件号码', idNumber: '—' });
  });
});
