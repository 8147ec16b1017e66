import { insurerById } from '../ordering/catalogue.ts';
import type { OrderEvent } from '../ordering/order.events.ts';
import { maskIp, type ConfirmedText } from '../ordering/purchaseTerms.ts';
import { textKindNames } from './texts.ts';

/**
 * 投保过程记录 (docs/api/disclosure.md): the steps of one order's purchase, each with its time, as the back
 * office's audit screen and its PDF show them. Folded from the order's events by the purchase-record
 * projection; the caller's address is kept masked here (the whole one stays in the event store).
 */
export type PurchaseStepKind =
  | 'created'
  | 'inquired'
  | 'quoted'
  | 'termsShown'
  | 'termsConfirmed'
  | 'purchased'
  | 'paid'
  | 'paymentLapsed'
  | 'underwritten';

export type PurchaseStepText = { title: string; kindName: string; version: number; sha256: string };
export type PurchaseStep = {
  kind: PurchaseStepKind;
  title: string;
  at: string;
  /** One line each: who, which insurer, what amount. */
  details: string[];
  texts?: PurchaseStepText[];
  ip?: string;
  device?: string;
};
export type PurchaseRecord = { orderId: string; orderNo: string; owner: string; steps: PurchaseStep[] };

export const purchaseStepTitles: Readonly<Record<PurchaseStepKind, string>> = {
  created: '创建订单',
  inquired: '提交询价',
  quoted: '收到报价',
  termsShown: '展示条款',
  termsConfirmed: '阅读并确认条款',
  purchased: '发起投保',
  paid: '支付成功',
  paymentLapsed: '支付超时',
  underwritten: '出具电子保单',
};

const insurerName = (id: number) => insurerById(id)?.name ?? `保险公司${id}`;
const stepTexts = (texts: readonly ConfirmedText[]): PurchaseStepText[] =>
  texts.map((t) => ({ title: t.title, kindName: textKindNames[t.kind], version: t.version, sha256: t.sha256 }));
const yuan = (amount: number) => `${amount.toFixed(2)} 元`;

/** The step one event adds, or null for events that are not part of the purchase. */
export const purchaseStep = (event: OrderEvent, first: boolean): PurchaseStep | null => {
  const step = (kind: PurchaseStepKind, at: string, details: string[], more: Partial<PurchaseStep> = {}) => ({
    kind,
    title: purchaseStepTitles[kind],
    at,
    details,
    ...more,
  });
  switch (event.type) {
    case 'OrderDraftSaved':
      return first ? step('created', event.data.savedAt, [`订单号 ${event.data.orderNo}`]) : null;
    case 'InquiryRequested':
      return step('inquired', event.data.requestedAt, [
        `第 ${event.data.round} 轮询价，${event.data.requests.map((r) => r.insurerName).join('、')}`,
      ]);
    case 'InsurerQuoteRecorded':
      return step('quoted', event.data.recordedAt, [
        `${insurerName(event.data.insurerId)}（${event.data.source === 'automatic' ? '自动报价' : '人工报价'}）`,
      ]);
    case 'PurchaseTermsShown':
      return step('termsShown', event.data.shownAt, [`投保 ${insurerName(event.data.insurerId)} 前展示`], {
        texts: stepTexts(event.data.texts),
        ip: maskIp(event.data.ip),
        device: event.data.userAgent,
      });
    case 'PurchaseTermsConfirmed':
      return step(
        'termsConfirmed',
        event.data.confirmedAt,
        [`勾选“我已阅读并同意”，确认投保 ${event.data.insurerName}`],
        {
          texts: stepTexts(event.data.texts),
          ip: maskIp(event.data.ip),
          device: event.data.userAgent,
        },
      );
    case 'OrderInsured':
      return step('purchased', event.data.insuredAt, [
        `${event.data.insurerName}，保费 ${yuan(event.data.totalPremium)}`,
        ...(event.data.payment ? [`交易号 ${event.data.payment.tradeNo}`] : []),
      ]);
    case 'PaymentConfirmed':
      return step('paid', event.data.paidAt, [`交易号 ${event.data.tradeNo}，${yuan(event.data.amount)}`]);
    case 'PaymentLapsed':
      return step('paymentLapsed', event.data.lapsedAt, [`交易号 ${event.data.tradeNo}`]);
    case 'PolicyUnderwritten':
      return step('underwritten', event.data.underwrittenAt, [`保单号 ${event.data.policyNo}`]);
    default:
      return null;
  }
};

export const evolvePurchaseRecord = (record: PurchaseRecord | null, event: OrderEvent): PurchaseRecord | null => {
  if (event.type === 'OrderDraftSaved' && !record)
    return {
      orderId: event.data.orderId,
      orderNo: event.data.orderNo,
      owner: event.data.owner,
      steps: [purchaseStep(event, true)].filter((s): s is PurchaseStep => s !== null),
    };
  if (!record) return null;
  const step = purchaseStep(event, false);
  return step ? { ...record, steps: [...record.steps, step] } : record;
};
