import { changeDetails, shanghaiDateTime } from '../claims/history.ts';
import type { FieldChange } from '../claims/claim.events.ts';
import { insurerById } from '../ordering/catalogue.ts';
import { cancellationMethodLabels, cancellationReasonLabel } from '../ordering/cancellation.events.ts';
import type { LineAnswer, Order, OrderEvent } from '../ordering/order.events.ts';
import type { PlanLine } from '../ordering/plan.ts';
import type { AuditChange, AuditEntry } from './changeKinds.ts';
import { diffOrderForms } from './orderChanges.ts';
import { endorsedEntries } from './policyChanges.ts';
import { endorsementAuditRow } from './endorsementHistory.ts';
import { requirementTexts } from '../ordering/requirementTexts.ts';
import { maskIp, type ConfirmedText, type RequestOrigin } from '../ordering/purchaseTerms.ts';

/**
 * An order's history, derived from its events and the order as it stood before each one (the
 * fold the order projection also makes): who, when, what changed field by field, and why.
 * Rows have the claim history's shape so one timeline and one CSV serve both.
 */

const ORDER_MODULE = '订单';
const SYSTEM = '系统';

/** What any event may carry: new order events (added while this was written) are shown from these. */
type RawEvent = { type: string; data: Record<string, unknown> };

const yuan = (amount: number) => `${Math.round(amount * 100) / 100}元`;
const who = (by: string | null | undefined) => (!by || by === 'system' ? SYSTEM : by);

const lineName = (lines: readonly PlanLine[], key: string) => {
  const line = lines.find((l) => l.key === key);
  if (!line) return key;
  return line.uavInfoName ? `${line.insuranceTypeInfoName}（${line.uavInfoName}）` : line.insuranceTypeInfoName;
};

const answerText = (lines: readonly PlanLine[], answer: LineAnswer): string => {
  const name = lineName(lines, answer.key);
  switch (answer.kind) {
    case 'quoted':
      return `${name}：保费${yuan(answer.premium)}，${answer.deductible}`;
    case 'manual':
      return `${name}：需人工核保（${answer.reason}）`;
    case 'declined':
      return `${name}：拒保（${answer.reason}）`;
  }
};

const insurerName = (before: Order, requestId: string, insurerId: number) => {
  if ('insurers' in before) {
    const found = before.insurers.find((p) => p.request.requestId === requestId);
    if (found) return found.request.insurerName;
  }
  return insurerById(insurerId)?.name ?? `保险公司${insurerId}`;
};

const counted = (step: string, changes: readonly unknown[]) =>
  `${step}（${changes.length === 0 ? '无修改' : `${changes.length}项修改`}）`;

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

/** An event this code does not know yet: its name, its actor and time if it names them, its reason. */
/** 投保前阅读确认 in the timeline: each text with its version; where from, the address masked as on the record. */
const termsList = (texts: readonly ConfirmedText[]) => texts.map((t) => `${t.title} 第${t.version}版`).join('、');
const originOf = (origin: RequestOrigin) => `IP ${maskIp(origin.ip)} · 设备 ${origin.userAgent}`;

const genericEntry = (event: RawEvent, position: number): AuditEntry => {
  const d = event.data;
  const at = text(d.at) ?? Object.entries(d).find(([k, v]) => k.endsWith('At') && text(v))?.[1];
  const by = text(d.by) ?? text(d.actor) ?? Object.entries(d).find(([k, v]) => k.endsWith('By') && text(v))?.[1];
  return {
    position,
    operateDate: typeof at === 'string' ? shanghaiDateTime(at) : '',
    userName: who(typeof by === 'string' ? by : null),
    operateType: event.type,
    moduleName: ORDER_MODULE,
    fieldName: '',
    details: `订单事件：${event.type}`,
    remark: text(d.reason) ?? text(d.remark) ?? '',
    change: 'other',
  };
};

/**
 * The rows of one order event; `before` is the order as it stood before it (the initial state for
 * the first). A saved or re-sent form lists its field changes against the form stored before.
 */
export const orderAuditEntries = (before: Order, raw: RawEvent, position: number): AuditEntry[] => {
  const owner = before.status === 'none' ? null : before.owner;
  const lines = 'lines' in before ? before.lines : [];
  const entry = (
    at: string,
    userName: string,
    change: AuditChange,
    operateType: string,
    details: string,
    remark: string | null = null,
  ): AuditEntry => ({
    position,
    operateDate: shanghaiDateTime(at),
    userName,
    operateType,
    moduleName: ORDER_MODULE,
    fieldName: '',
    details,
    remark: remark ?? '',
    change,
  });
  const fieldRows = (head: AuditEntry, changes: readonly FieldChange[]): AuditEntry[] => [
    head,
    ...changes.map(
      (c): AuditEntry => ({
        ...head,
        operateType: c.operateType,
        moduleName: c.moduleName,
        fieldName: c.fieldName,
        details: changeDetails(c),
        remark: '',
      }),
    ),
  ];

  const event = raw as OrderEvent;
  switch (event.type) {
    case 'OrderDraftSaved': {
      const { data } = event;
      const changes = diffOrderForms(before.status === 'none' ? null : before.form, data.form);
      const created = data.renewalOf
        ? `续保自${data.renewalOf.orderNo}，创建订单${data.orderNo}`
        : `创建订单${data.orderNo}`;
      const head =
        before.status === 'none'
          ? entry(data.savedAt, who(data.owner), 'fill', '创建', counted(created, changes))
          : entry(data.savedAt, who(data.owner), 'fill', '暂存', counted('保存投保信息', changes));
      return fieldRows(head, changes);
    }
    case 'InquiryRequested': {
      const { data } = event;
      const changes = before.status === 'none' ? [] : diffOrderForms(before.form, data.form);
      const insurers = data.requests.map((r) => r.insurerName).join('、') || '无';
      const head = entry(
        data.requestedAt,
        who(owner),
        'inquiry',
        '询价',
        `发起第${data.round}轮询价：${data.lines.length}个保障项，询价公司：${insurers}`,
      );
      return fieldRows(head, changes);
    }
    case 'InsurerQuoteRecorded': {
      const { data } = event;
      const name = insurerName(before, data.requestId, data.insurerId);
      const validUntil = (data as { validUntil?: string }).validUntil;
      const validity = validUntil ? `；报价有效期至${shanghaiDateTime(validUntil)}` : '';
      const details = `${name}${data.source === 'manual' ? '人工录入报价' : '报价'}：${data.answers.map((a) => answerText(lines, a)).join('；')}${validity}`;
      return data.source === 'manual'
        ? [entry(data.recordedAt, who(data.recordedBy), 'admin', '人工报价', details)]
        : [entry(data.recordedAt, who(data.recordedBy), 'quote', '报价', details)];
    }
    case 'InsurerQuoteTimedOut': {
      const { data } = event;
      const name = insurerName(before, data.requestId, data.insurerId);
      const forcedBy = (data as { forcedBy?: string }).forcedBy;
      return forcedBy
        ? [entry(data.timedOutAt, who(forcedBy), 'admin', '强制超时', `${name}的报价请求被提前置为超时`)]
        : [entry(data.timedOutAt, SYSTEM, 'quote', '报价超时', `${name}未在期限内报价`)];
    }
    case 'QuoteRequestResent': {
      const { data } = event;
      const name = insurerName(before, data.requestId, data.insurerId);
      return [
        entry(
          data.resentAt,
          who(data.resentBy),
          'admin',
          '重新发送',
          `重新向${name}发送报价请求（第${data.attempt}次重发），截止${shanghaiDateTime(data.deadlineAt)}`,
        ),
      ];
    }
    case 'QuotingCompleted':
      return [entry(event.data.completedAt, SYSTEM, 'quote', '报价完成', `第${event.data.round}轮报价完成`)];
    case 'InquiryRevoked': {
      const { data } = event;
      const reason = [data.revokeReason, data.revokeReasonTxt].filter(Boolean).join('：');
      return [entry(data.revokedAt, who(owner), 'revoke', '撤销询价', `撤销第${data.round}轮询价`, reason)];
    }
    case 'PlanReset':
      return [entry(event.data.resetAt, who(owner), 'inquiry', '重置方案', '重置保障方案，订单回到待询价')];
    case 'PlanLineDeleted':
      return [
        entry(
          event.data.deletedAt,
          who(owner),
          'inquiry',
          '删除保障项',
          `删除保障项：${lineName(lines, event.data.key)}`,
        ),
      ];
    case 'OrderInsured': {
      const { data } = event;
      const start = data.requestedStartDate ? `，起保日期${data.requestedStartDate}` : '';
      return [
        entry(
          data.insuredAt,
          who(owner),
          'insure',
          '投保',
          `选择${data.insurerName}投保，总保费${yuan(data.totalPremium)}${start}`,
        ),
      ];
    }
    case 'PolicyUnderwritten': {
      const { data } = event;
      return [
        entry(
          data.underwrittenAt,
          SYSTEM,
          'policy',
          '承保',
          `保单号${data.policyNo}，保险期间${data.startDate}至${data.endDate}`,
        ),
      ];
    }
    // The payment belongs to the purchase: the same kind of change as 投保 (docs/api/payments.md).
    case 'PaymentConfirmed': {
      const { data } = event;
      const how = data.via === 'notify' ? '支付通知' : '对账查询';
      return [
        entry(
          data.paidAt,
          SYSTEM,
          'insure',
          '支付',
          `支付成功，金额${yuan(data.amount)}，交易号${data.tradeNo}（${how}）`,
        ),
      ];
    }
    case 'PaymentLapsed':
      return [
        entry(
          event.data.lapsedAt,
          SYSTEM,
          'insure',
          '支付超时',
          `交易号${event.data.tradeNo}超时未支付，订单回到报价完成${event.data.quoteValid ? '' : '（报价已过期）'}`,
        ),
      ];
    case 'RefundRequested': {
      const { data } = event;
      return [
        entry(
          data.requestedAt,
          who(data.requestedBy),
          'insure',
          '申请退款',
          `退款${yuan(data.amount)}，退款号${data.refundNo}`,
          data.reason === 'latePayment'
            ? '支付超时后到账，退回款项'
            : data.reason === 'cancellation'
              ? '退保退费'
              : data.reason,
        ),
      ];
    }
    case 'RefundConfirmed':
      return [
        entry(
          event.data.refundedAt,
          SYSTEM,
          'insure',
          '退款完成',
          `退款${yuan(event.data.amount)}，退款号${event.data.refundNo}`,
        ),
      ];
    case 'PolicyTookEffect':
      return [entry(event.data.at, SYSTEM, 'policy', '生效', '保单生效')];
    case 'PolicyLapsed':
      return [entry(event.data.at, SYSTEM, 'policy', '失效', '保单失效')];
    case 'RenewalStarted':
      return [
        entry(
          event.data.at,
          before.status === 'none' ? SYSTEM : who(before.owner),
          'policy',
          '续保',
          `已续保为${event.data.renewalOrderNo}`,
        ),
      ];
    // 退保: the request with its terms, the referral, and who approved or declined it and why.
    case 'CancellationRequested': {
      const { data } = event;
      const reason = [cancellationReasonLabel(data.reason), data.reasonTxt].filter(Boolean).join('：');
      const rule = `${data.terms.rule.ruleId}@${data.terms.rule.version}`;
      return [
        entry(
          data.requestedAt,
          who(data.requestedBy),
          'policy',
          '申请退保',
          `应退保费${yuan(data.terms.refund)}（${cancellationMethodLabels[data.terms.method]}，规则${rule}）；${data.terms.explanation.join('；')}`,
          reason,
        ),
      ];
    }
    case 'CancellationReferred':
      return [
        entry(
          event.data.referredAt,
          SYSTEM,
          'policy',
          '转人工审核',
          `退保申请转报价工作台审核，审核时限${shanghaiDateTime(event.data.dueAt)}`,
        ),
      ];
    case 'CancellationDeclined':
      return [
        entry(event.data.declinedAt, who(event.data.by), 'admin', '拒绝退保', '退保申请未通过', event.data.reason),
      ];
    case 'PolicyCancelled': {
      const { data } = event;
      return [
        entry(
          data.cancelledAt,
          who(data.approvedBy),
          data.approvedBy === 'system' ? 'policy' : 'admin',
          '退保',
          `保单已退保，退保生效日${shanghaiDateTime(data.effectiveDate)}，退费${yuan(data.refundAmount)}（${data.approvedBy === 'system' ? '按退保规则自动审批' : '人工审核通过'}）`,
          data.approvalNote ?? null,
        ),
      ];
    }
    case 'PolicyEndorsed':
      return endorsedEntries(event.data, entry);
    case 'EndorsementRequested':
    case 'EndorsementReferred':
    case 'EndorsementApproved':
    case 'EndorsementDeclined':
    case 'EndorsementWithdrawn': {
      const row = endorsementAuditRow(event);
      return [entry(row.at, row.by, 'policy', row.step, row.details, row.reason)];
    }
    case 'RequirementsStated': {
      const texts = requirementTexts(event.data.requirements);
      return [
        entry(
          event.data.statedAt,
          who(event.data.statedBy),
          'fill',
          '填写投保要求',
          texts.length > 0 ? texts.join('；') : '清除投保要求',
        ),
      ];
    }
    case 'PurchaseTermsShown':
      return [
        entry(
          event.data.shownAt,
          who(event.data.shownTo),
          'insure',
          '展示条款',
          `投保${insurerById(event.data.insurerId)?.name ?? event.data.insurerId}前展示：${termsList(event.data.texts)}`,
          originOf(event.data),
        ),
      ];
    case 'PurchaseTermsConfirmed':
      return [
        entry(
          event.data.confirmedAt,
          who(event.data.confirmedBy),
          'insure',
          '阅读并确认条款',
          `勾选“我已阅读并同意”，确认投保${event.data.insurerName}：${termsList(event.data.texts)}`,
          originOf(event.data),
        ),
      ];
    default:
      // Deliberately not assertNever: order events are still being added, and an event this
      // function does not know yet must still appear in the audit, not stop the projection.
      return [genericEntry(raw, position)];
  }
};
