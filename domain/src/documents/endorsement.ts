import type { PolicyChangeRow, PolicyEndorsed } from '../ordering/order.events.ts';
import { shanghaiDate } from '../shared/calendar.ts';
import { amountInWords } from './amountInWords.ts';
import { type Party, type PolicyContent, type PolicyOrder, formatYuan, policyContent } from './content.ts';
import { CONTENT_WIDTH, type Column, type DocumentSpec } from './layout.ts';

/**
 * The 批单 (endorsement document) of an approved 批改 and the 电子保单 of the version it makes: content
 * as data (its canonical JSON is the printed fingerprint), then the sections it prints (layout.ts).
 */

type Issue = { verificationCode: string; publicBaseUrl: string; issuedAt: Date };
type Parties = { policyholder: Party; insured: Party };

export type EndorsementContent = Pick<
  PolicyContent,
  'policyNo' | 'insurer' | 'broker' | 'policyholder' | 'insured' | 'period' | 'issueDate'
> & {
  kind: 'endorsement';
  endorsementNo: string;
  version: number;
  effectiveDate: string;
  changes: PolicyChangeRow[];
  /** + paid by the customer, − refunded, for the days left. */
  premiumDifference: number;
  premiumDifferenceInWords: string;
  /** The annual premium of the policy as endorsed. */
  totalPremium: number;
  verificationCode: string;
  verificationUrl: string;
};

/** The 电子保单 of a version after a 批改: the policy's content, naming its version and the 批单 that made it. */
export const policyVersionContent = (
  order: PolicyOrder,
  parties: Parties,
  issue: Issue,
  version: { version: number; endorsementNo: string },
): PolicyContent => ({ ...policyContent(order, parties, issue), ...version });

/** `order` is the policy as the 批改 left it (folded up to its PolicyEndorsed). */
export const endorsementContent = (
  order: PolicyOrder,
  endorsed: PolicyEndorsed['data'],
  parties: Parties,
  issue: Issue,
): EndorsementContent => {
  const policy = policyContent(order, parties, issue);
  return {
    kind: 'endorsement',
    policyNo: policy.policyNo,
    insurer: policy.insurer,
    broker: policy.broker,
    policyholder: policy.policyholder,
    insured: policy.insured,
    period: policy.period,
    issueDate: policy.issueDate,
    endorsementNo: endorsed.endorsementNo,
    version: endorsed.version,
    effectiveDate: shanghaiDate(new Date(endorsed.effectiveDate)),
    changes: endorsed.changes,
    premiumDifference: endorsed.premiumDifference,
    premiumDifferenceInWords: amountInWords(Math.abs(endorsed.premiumDifference)),
    totalPremium: endorsed.totalPremium,
    verificationCode: policy.verificationCode,
    verificationUrl: policy.verificationUrl,
  };
};

/** 批改 changes the premium one way or the other: the words say which. */
export const premiumDifferenceLabel = (difference: number) =>
  difference > 0 ? '应补保险费' : difference < 0 ? '应退保险费' : '保险费变化';

/** +12.50 / −12.50 / 0.00, as the 批单 and the pages print a difference. */
export const signedYuan = (amount: number) =>
  amount > 0 ? `+${formatYuan(amount)}` : amount < 0 ? `−${formatYuan(-amount)}` : formatYuan(0);

const col = (header: string, share: number, align: Column['align'] = 'left'): Column => ({
  header,
  width: Math.round(CONTENT_WIDTH * share * 100) / 100,
  align,
});
const changeColumns = [
  col('序号', 0.06, 'center'),
  col('批改项目', 0.22),
  col('批改前', 0.25),
  col('批改后', 0.25),
  col('保费变化（元）', 0.22, 'right'),
];

export const endorsementSpec = (content: EndorsementContent, fingerprint: string): DocumentSpec => ({
  title: '无人机保险批单',
  reference: `批单号：${content.endorsementNo}    保单号：${content.policyNo}`,
  issuer: `${content.insurer.legalName}  ·  ${content.broker.name}`,
  footerNote: `验证码 ${content.verificationCode}`,
  sections: [
    {
      kind: 'fields',
      title: '批改信息',
      rows: [
        [
          { label: '保单号', value: content.policyNo },
          { label: '批单号', value: content.endorsementNo },
        ],
        [
          { label: '批改后版本', value: `第${content.version}版` },
          { label: '批改生效日', value: content.effectiveDate },
        ],
        [
          { label: '投保人', value: content.policyholder.name },
          { label: '签发日期', value: content.issueDate },
        ],
        [{ label: '保险期间', value: content.period.text }],
      ],
    },
    {
      kind: 'table',
      title: '批改内容',
      columns: changeColumns,
      rows: content.changes.map((c, i) => [
        String(i + 1),
        c.label,
        c.before ?? '—',
        c.after ?? '—',
        signedYuan(c.premiumDifference),
      ]),
      empty: '本批单无批改项目',
    },
    {
      kind: 'total',
      label: premiumDifferenceLabel(content.premiumDifference),
      words: `人民币（大写）${content.premiumDifferenceInWords}`,
      figures: `（小写）¥${formatYuan(Math.abs(content.premiumDifference))}`,
    },
    {
      kind: 'paragraphs',
      title: '批改说明',
      items: [
        `经投保人申请、保险人同意，本保单自${content.effectiveDate}起按上表批改，批改后为第${content.version}版，批改后年保险费为人民币${formatYuan(content.totalPremium)}元。`,
        '本批单为保险合同的组成部分，与保单具有同等法律效力；除本批单所列事项外，保单其他内容不变。',
      ],
      numbered: true,
    },
    {
      kind: 'signatures',
      parties: [
        { label: '保险人', value: content.insurer.legalName },
        { label: '保险经纪人', value: content.broker.name },
      ],
      seal: { name: content.broker.name, purpose: '电子保单专用章' },
    },
    {
      kind: 'verification',
      url: content.verificationUrl,
      code: content.verificationCode,
      fingerprint,
      note: '扫描二维码或访问验证网址核验本批单真伪；内容指纹为本批单内容的 SHA-256 摘要。',
    },
  ],
});

/** 批单-<endorsementNo>.pdf and 电子保单-<policyNo>-第N版.pdf, the downloads' names. */
export const endorsementFileName = (endorsementNo: string) => `批单-${endorsementNo}.pdf`;
export const policyVersionFileName = (policyNo: string, version: number) =>
  version > 1 ? `电子保单-${policyNo}-第${version}版.pdf` : `电子保单-${policyNo}.pdf`;
