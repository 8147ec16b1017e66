import { assertNever } from '../shared/decider.ts';
import type { Order } from '../ordering/order.events.ts';
import type { NotificationKind } from './kinds.ts';
import { shanghaiDate, shanghaiMinute } from './shanghai.ts';
import { stageLabels, type TriggerEvent } from './triggers.ts';

/** What a notification opens: the order, the policy (its order's details, where 下载电子保单 is) or the claim. */
export type NotificationLink = { type: 'order' | 'policy' | 'claim'; id: string };

/** A notification before it is stored: who gets it, the template's values, what it links to. */
export type PlannedNotification = {
  kind: NotificationKind;
  recipient: string;
  vars: Record<string, string>;
  link: NotificationLink;
  /** Tells apart two notifications of one kind from one trigger (the 30- and 7-day policy reminders). */
  variant?: string;
};

/** What the reactor remembers of an order and a claim from their earlier events (the events name only ids). */
export type OrderSubject = { orderId: string; owner: string; orderNo: string; policyNo: string | null };
export type ClaimSubject = { claimId: string; owner: string; claimNo: string; assignee: string | null };
export type Subjects = { order?: OrderSubject | null; claim?: ClaimSubject | null };

/** FNV-1a (32 bits): the recipient in an id without their phone number, which ids carry into logs. */
const shortHash = (text: string) => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, '0');
};

/**
 * The id that makes a notification exactly-once: the triggering event's global position (or the scheduled
 * check's own id), the kind and the recipient. The inbox insert, the SMS job and the SMS provider all key on it.
 */
export const notificationIdOf = (
  trigger: string | number,
  n: Pick<PlannedNotification, 'kind' | 'recipient' | 'variant'>,
) => `n-${trigger}-${n.kind}${n.variant ?? ''}-${shortHash(n.recipient)}`;

const yuan = (amount: number) => amount.toFixed(2);

/**
 * An event older than two days when the reactor reaches it is history, not news: the reactor's first start
 * over an existing store, or a rebuild, tells nobody about last year's quotes. (A notification already made
 * stays; one the reactor was late for by more than that is not made.)
 */
export const NEWS_MAX_AGE_MS = 2 * 86_400_000;
export const isNews = (recordedAt: string, now: Date) =>
  now.getTime() - new Date(recordedAt).getTime() <= NEWS_MAX_AGE_MS;

/** The subject as it stands after this event, when the event changes it (else null). */
export const subjectAfter = (event: TriggerEvent, subjects: Subjects): Subjects | null => {
  switch (event.type) {
    case 'OrderDraftSaved': {
      const { orderId, owner, orderNo } = event.data;
      return subjects.order ? null : { order: { orderId, owner, orderNo, policyNo: null } };
    }
    case 'PolicyUnderwritten':
      return subjects.order ? { order: { ...subjects.order, policyNo: event.data.policyNo } } : null;
    case 'ClaimOpened': {
      const { claimId, owner, claimNo } = event.data;
      return { claim: { claimId, owner, claimNo, assignee: null } };
    }
    case 'ClaimAssigned':
      return subjects.claim ? { claim: { ...subjects.claim, assignee: event.data.assignee } } : null;
    default:
      return null;
  }
};

/** The notifications one event makes (none when the reactor does not know the order or claim it names). */
export const notificationsOf = (event: TriggerEvent, subjects: Subjects): PlannedNotification[] => {
  const order = subjects.order;
  const claim = subjects.claim;
  const toOwner = (kind: NotificationKind, vars: Record<string, string>, type: 'order' | 'policy' = 'order') =>
    order
      ? [{ kind, recipient: order.owner, vars: { orderNo: order.orderNo, ...vars }, link: { type, id: order.orderId } }]
      : [];
  const toClaimant = (kind: NotificationKind, vars: Record<string, string> = {}) =>
    claim
      ? [
          {
            kind,
            recipient: claim.owner,
            vars: { claimNo: claim.claimNo, ...vars },
            link: { type: 'claim' as const, id: claim.claimId },
          },
        ]
      : [];
  const toStaff = (kind: NotificationKind, staff: string | null, vars: Record<string, string> = {}) =>
    claim && staff
      ? [
          {
            kind,
            recipient: staff,
            vars: { claimNo: claim.claimNo, ...vars },
            link: { type: 'claim' as const, id: claim.claimId },
          },
        ]
      : [];
  switch (event.type) {
    case 'OrderDraftSaved':
    case 'InsurerQuoteRecorded':
    case 'PolicyUnderwritten':
    case 'ClaimOpened':
      return [];
    case 'QuotingCompleted':
      return toOwner('quotesIn', {});
    case 'OrderInsured': {
      // Orders bought before payments existed carry no payment: nothing is due.
      const payment = event.data.payment;
      return payment
        ? toOwner('paymentDue', { amount: yuan(payment.amount), dueAt: shanghaiMinute(payment.dueAt) })
        : [];
    }
    case 'PaymentConfirmed':
      // A policy already issued is paying a 批改's extra premium, not waiting to be underwritten.
      return toOwner('paymentReceived', {
        amount: yuan(event.data.amount),
        next: order?.policyNo ? '批改保费已付清，批改后的保单将随即出具' : '保险公司将尽快承保',
      });
    case 'PaymentLapsed':
      return toOwner('paymentLapsed', {});
    case 'PolicyTookEffect':
      return order?.policyNo ? toOwner('policyInForce', { policyNo: order.policyNo }, 'policy') : [];
    case 'PolicyDocumentIssued':
      // A later version's 电子保单 is rendered after its 批单: both are ready, the 批改 is news.
      return (event.data.version ?? 1) > 1
        ? toOwner('policyEndorsed', { policyNo: event.data.policyNo, version: String(event.data.version) }, 'policy')
        : toOwner('policyIssued', { policyNo: event.data.policyNo }, 'policy');
    case 'PolicyCancelled':
      return order?.policyNo
        ? toOwner('policyCancelled', { policyNo: order.policyNo, refund: yuan(event.data.refundAmount) }, 'policy')
        : [];
    case 'CancellationDeclined':
      return order?.policyNo
        ? toOwner('cancellationDeclined', { policyNo: order.policyNo, reason: event.data.reason }, 'policy')
        : [];
    // 批改 (docs/api/endorsement.md): an extra premium to pay, the new version, or why not.
    case 'EndorsementApproved': {
      const payment = event.data.payment;
      return payment
        ? toOwner('endorsementPaymentDue', {
            endorsementNo: event.data.endorsementNo,
            amount: yuan(payment.amount),
            dueAt: shanghaiMinute(payment.dueAt),
          })
        : [];
    }
    case 'EndorsementDeclined':
      return toOwner('endorsementDeclined', { reason: event.data.reason });
    case 'ClaimAccepted':
      return toClaimant('claimAccepted');
    case 'EvidenceRequested':
      return toClaimant('evidenceRequested', { message: event.data.message });
    case 'ClaimAssessed':
      return toClaimant('claimAssessed', { payable: yuan(event.data.payableAmount) });
    case 'ClaimClosed':
      return toClaimant('claimClosed');
    case 'ClaimAssigned':
      // Taking a claim oneself needs no notice.
      return event.data.assignee === event.data.by ? [] : toStaff('claimAssigned', event.data.assignee);
    case 'ClaimSlaOverdue':
      return toStaff('claimOverdue', claim?.assignee ?? null, { stage: stageLabels[event.data.stage] });
    default:
      return assertNever(event);
  }
};

/** A notification that depends on the time, made by a delayed job that checks the order again when it fires. */
export type ScheduledCheck =
  | { kind: 'quoteExpiring'; orderId: string; requestId: string; validUntil: string; at: string }
  | { kind: 'policyEnding'; orderId: string; days: number; endDate: string; at: string };

const DAY_MS = 86_400_000;
/** The 续保 reminders: 30 and 7 days before the end (policyEnding), and on the day (policyEnded). */
export const POLICY_ENDING_DAYS = [30, 7, 0] as const;
const QUOTE_EXPIRING_MS = DAY_MS;

/** The checks one event schedules; one that would fall before the event itself is not worth sending. */
export const checksOf = (event: TriggerEvent): ScheduledCheck[] => {
  switch (event.type) {
    case 'InsurerQuoteRecorded': {
      const { orderId, requestId, validUntil, answers, recordedAt } = event.data;
      if (!validUntil || !answers.some((a) => a.kind === 'quoted')) return [];
      const at = new Date(new Date(validUntil).getTime() - QUOTE_EXPIRING_MS);
      return at < new Date(recordedAt)
        ? []
        : [{ kind: 'quoteExpiring', orderId, requestId, validUntil, at: at.toISOString() }];
    }
    case 'PolicyUnderwritten': {
      const { orderId, endDate, underwrittenAt } = event.data;
      return POLICY_ENDING_DAYS.map((days) => ({
        kind: 'policyEnding' as const,
        orderId,
        days,
        endDate,
        at: new Date(new Date(endDate).getTime() - days * DAY_MS).toISOString(),
      })).filter((check) => new Date(check.at) >= new Date(underwrittenAt));
    }
    default:
      return [];
  }
};

/** What a fired check tells, if the order still needs telling: the quote still open and unchanged, the policy still running to that end. */
export const notificationOfCheck = (check: ScheduledCheck, order: Order, now: Date): PlannedNotification | null => {
  if (order.status === 'none') return null;
  const base = { recipient: order.owner, link: { type: 'order' as const, id: order.orderId } };
  switch (check.kind) {
    case 'quoteExpiring': {
      if (order.status !== 'quoting' && order.status !== 'quoted') return null;
      const insurer = order.insurers.find((p) => p.request.requestId === check.requestId);
      if (!insurer || insurer.validUntil !== check.validUntil || new Date(check.validUntil) <= now) return null;
      return {
        ...base,
        kind: 'quoteExpiring',
        vars: {
          orderNo: order.orderNo,
          insurerName: insurer.request.insurerName,
          validUntil: shanghaiMinute(check.validUntil),
        },
      };
    }
    case 'policyEnding': {
      // On the day the policy may have lapsed already; once renewed (续保) nobody needs reminding.
      const running = order.status === 'underwritten' || order.status === 'inForce';
      if (!(running || (check.days === 0 && order.status === 'lapsed')) || order.endDate !== check.endDate) return null;
      if (order.renewedBy) return null;
      if (check.days === 0)
        return {
          ...base,
          kind: 'policyEnded',
          link: { type: 'policy', id: order.orderId },
          vars: { policyNo: order.policyNo, endDate: shanghaiDate(new Date(check.endDate)) },
        };
      return {
        ...base,
        kind: 'policyEnding',
        variant: String(check.days),
        link: { type: 'policy', id: order.orderId },
        vars: { policyNo: order.policyNo, days: String(check.days), endDate: shanghaiDate(new Date(check.endDate)) },
      };
    }
    default:
      return assertNever(check);
  }
};

/** The check's own id: what its job and its notification's id are keyed on. */
export const checkIdOf = (check: ScheduledCheck) =>
  check.kind === 'quoteExpiring'
    ? `qe-${check.requestId}-${new Date(check.validUntil).getTime()}`
    : `pe-${check.orderId}-${check.days}-${new Date(check.endDate).getTime()}`;
