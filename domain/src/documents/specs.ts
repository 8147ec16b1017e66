import { type CertificateContent, formatYuan, type PolicyContent } from './content.ts';
import { CONTENT_WIDTH, type Column, type DocumentSpec, type Section } from './layout.ts';

/** Which sections a policy and a certificate print, in order: content → layout (layout.ts). */

const W = CONTENT_WIDTH;
const col = (header: string, share: number, align: Column['align'] = 'left'): Column => ({
  header,
  width: Math.round(W * share * 100) / 100,
  align,
});

const coverColumns = (withPremium: boolean): Column[] =>
  withPremium
    ? [
        col('序号', 0.06, 'center'),
        col('承保险种', 0.2),
        col('被保险无人机', 0.2),
        col('保险金额（元）', 0.16, 'right'),
        col('保险费（元）', 0.14, 'right'),
        col('免赔额（率）', 0.24),
      ]
    : [
        col('序号', 0.06, 'center'),
        col('承保险种', 0.24),
        col('被保险无人机', 0.24),
        col('保险金额/赔偿限额（元）', 0.22, 'right'),
        col('免赔额（率）', 0.24),
      ];
const droneColumns = [
  col('序号', 0.06, 'center'),
  col('生产厂商', 0.24),
  col('型号', 0.24),
  col('设备编号（序列号）', 0.28),
  col('价值（元）', 0.18, 'right'),
];
const pilotColumns = [col('序号', 0.06, 'center'), col('姓名', 0.24), col('执照编号', 0.4), col('技术等级', 0.3)];

const requirementColumns = [col('客户要求', 0.3), col('核对', 0.12, 'center'), col('说明', 0.58)];
/** 投保要求 (docs/api/requirements.md), when the customer stated any; absent on certificates without them. */
const requirementsTable = (content: CertificateContent): Section[] =>
  content.requirementsCheck && content.requirementsCheck.length > 0
    ? [
        {
          kind: 'table',
          title: '客户要求核对',
          columns: requirementColumns,
          rows: content.requirementsCheck.map((r) => [r.label, r.mark, r.reason]),
        },
      ]
    : [];

const n = (i: number) => String(i + 1);
const dash = (v: number | null) => (v === null ? '—' : formatYuan(v));

const coverRows = (content: PolicyContent | CertificateContent, withPremium: boolean) =>
  content.covers.map((c, i) =>
    withPremium
      ? [n(i), c.name, c.droneName ?? '全部', formatYuan(c.sumInsured), dash(c.premium), c.deductible]
      : [n(i), c.name, c.droneName ?? '全部', formatYuan(c.sumInsured), c.deductible],
  );
const droneTable = (content: PolicyContent | CertificateContent): Section => ({
  kind: 'table',
  title: '被保险无人机',
  columns: droneColumns,
  rows: content.drones.map((d, i) => [n(i), d.maker, d.model, d.deviceCode, dash(d.value)]),
  empty: '本保单无单独列明的无人机',
});
const signatures = (content: PolicyContent | CertificateContent): Section => ({
  kind: 'signatures',
  parties: [
    { label: '保险人', value: content.insurer.legalName },
    { label: '保险经纪人', value: content.broker.name },
  ],
  seal: { name: content.broker.name, purpose: '电子保单专用章' },
});
const verification = (content: PolicyContent | CertificateContent, fingerprint: string, what: string): Section => ({
  kind: 'verification',
  url: content.verificationUrl,
  code: content.verificationCode,
  fingerprint,
  note: `扫描二维码或访问验证网址核验本${what}真伪；内容指纹为本${what}内容的 SHA-256 摘要。`,
});

export const policySpec = (content: PolicyContent, fingerprint: string): DocumentSpec => ({
  title: '无人机保险电子保单',
  reference: content.version
    ? `保单号：${content.policyNo}    第${content.version}版（批改后版本，批单号 ${content.endorsementNo ?? '—'}）`
    : `保单号：${content.policyNo}`,
  issuer: `${content.insurer.legalName}  ·  ${content.broker.name}`,
  footerNote: `验证码 ${content.verificationCode}`,
  sections: [
    {
      kind: 'fields',
      title: '保险人与保险经纪人',
      rows: [
        [
          { label: '保险人', value: content.insurer.legalName },
          { label: '保险经纪人', value: content.broker.name },
        ],
        [{ label: '经纪许可证', value: content.broker.licence }],
        [
          { label: '客服电话', value: content.broker.servicePhone },
          { label: '经纪人地址', value: content.broker.address },
        ],
      ],
    },
    {
      kind: 'fields',
      title: '投保人与被保险人',
      rows: [
        [
          { label: '投保人', value: content.policyholder.name },
          { label: content.policyholder.idLabel, value: content.policyholder.idNumber },
        ],
        [
          { label: '被保险人', value: content.insured.name },
          { label: content.insured.idLabel, value: content.insured.idNumber },
        ],
      ],
    },
    {
      kind: 'fields',
      title: '保单信息',
      rows: [
        [
          { label: '订单号', value: content.orderNo },
          { label: '签单日期', value: content.issueDate },
        ],
        [{ label: '保险期间', value: content.period.text }],
      ],
    },
    { kind: 'table', title: '承保险种明细', columns: coverColumns(true), rows: coverRows(content, true) },
    {
      kind: 'total',
      label: '保险费合计',
      words: `人民币（大写）${content.totalPremiumInWords}`,
      figures: `（小写）¥${formatYuan(content.totalPremium)}`,
    },
    droneTable(content),
    {
      kind: 'table',
      title: '飞手',
      columns: pilotColumns,
      rows: content.pilots.map((p, i) => [n(i), p.name, p.licenceNumber, p.level]),
      empty: '本保单未列明飞手',
    },
    { kind: 'paragraphs', title: '特别约定', items: content.specialTerms, numbered: true },
    signatures(content),
    verification(content, fingerprint, '保单'),
  ],
});

export const certificateSpec = (content: CertificateContent, fingerprint: string): DocumentSpec => ({
  title: '投保证明',
  reference: `证明编号：${content.certificateNo}`,
  issuer: `${content.insurer.legalName}  ·  ${content.broker.name}`,
  footerNote: `验证码 ${content.verificationCode}`,
  sections: [
    {
      kind: 'fields',
      title: '证明持有人',
      rows: [
        [
          { label: '名称', value: content.holder.name },
          { label: content.holder.idLabel, value: content.holder.idNumber },
        ],
        ...(content.holder.address ? [[{ label: '地址', value: content.holder.address }]] : []),
        ...(content.holder.purpose ? [[{ label: '用途', value: content.holder.purpose }]] : []),
      ],
    },
    { kind: 'paragraphs', title: '证明事项', items: [content.statement], numbered: false },
    {
      kind: 'fields',
      title: '保单信息',
      rows: [
        [
          { label: '保险人', value: content.insurer.legalName },
          { label: '保险经纪人', value: content.broker.name },
        ],
        [
          { label: '投保人', value: content.policyholder.name },
          { label: content.policyholder.idLabel, value: content.policyholder.idNumber },
        ],
        [
          { label: '被保险人', value: content.insured.name },
          { label: content.insured.idLabel, value: content.insured.idNumber },
        ],
        [
          { label: '保单号', value: content.policyNo },
          { label: '出具日期', value: content.issueDate },
        ],
        [{ label: '保险期间', value: content.period.text }],
      ],
    },
    { kind: 'table', title: '承保险种及限额', columns: coverColumns(false), rows: coverRows(content, false) },
    ...requirementsTable(content),
    droneTable(content),
    signatures(content),
    verification(content, fingerprint, '证明'),
  ],
});
