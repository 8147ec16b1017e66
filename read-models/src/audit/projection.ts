import { claimAuditEntries } from '@feibao/domain/audit/claimHistory';
import {
  claimEventTypes,
  evolveClaim,
  initialClaim,
  type Claim,
  type ClaimEvent,
} from '@feibao/domain/claims/claim.events';
import { claimSubject, orderSubject, type StoredAuditSubject } from '@feibao/domain/audit/subjects';
import {
  evolveOrder,
  initialOrder,
  orderEventTime,
  orderEventTypes,
  type Order,
  type OrderEvent,
} from '@feibao/domain/ordering/order.events';
import { orderAuditEntries } from '@feibao/domain/audit/orderHistory';
import type { AuditChange, AuditEntry } from '@feibao/domain/audit/changeKinds';
import type { AuditKind } from '@feibao/domain/audit/api';
import { defineProjection, type RecordedEvent } from '@feibao/platform/projections/projection';
import { documentCollection } from '@feibao/platform/documents';
import type { PoolClient } from '@feibao/platform/db';

export const AUDIT_SUBJECTS = 'audit_subjects';
export const AUDIT_HISTORY = 'audit_history';

/**
 * One order or claim as the audit finds it, plus the domain state it was shaped from (`record`,
 * evolved on the next event) and the last stream position applied, so a replayed event is not
 * folded twice.
 */
export type AuditSubjectDocument = StoredAuditSubject & { position: number; record: Order | Claim };

/** The rows of one event; `subject` is `${kind}:${id}`, every row shares `change`. */
export type AuditHistoryDocument = { subject: string; position: number; change: AuditChange; entries: AuditEntry[] };

export const auditSubjects = documentCollection<AuditSubjectDocument>(AUDIT_SUBJECTS);
export const auditHistory = documentCollection<AuditHistoryDocument>(AUDIT_HISTORY);

export const auditSubjectId = (kind: AuditKind, id: string) => `${kind}:${id}`;

const orderTypes = new Set<string>(orderEventTypes);

type Step = {
  kind: AuditKind;
  id: string;
  next: StoredAuditSubject | null;
  record: Order | Claim;
  entries: AuditEntry[];
};

/**
 * Pure: what one event does to its order or claim and which rows it adds. The order history is
 * told the order as it stood before the event (field changes are against the previous form); the
 * claim history's rows come from the claim events themselves.
 */
export const auditStep = (before: Order | Claim | null, event: RecordedEvent): Step => {
  if (orderTypes.has(event.type)) {
    const id = String(event.data.orderId);
    const order = (before as Order | null) ?? initialOrder();
    const known = { type: event.type, data: event.data } as OrderEvent;
    // evolveOrder and orderEventTime know every listed type; `??` keeps an unknown one harmless.
    const after = evolveOrder(order, known) ?? order;
    const at = orderEventTime(known) ?? event.recordedAt;
    return {
      kind: 'order',
      id,
      next: orderSubject(after, at),
      record: after,
      entries: orderAuditEntries(order, event, event.streamPosition),
    };
  }
  const id = String(event.data.claimId);
  const claimEvent = { type: event.type, data: event.data } as ClaimEvent;
  const after = evolveClaim((before as Claim | null) ?? initialClaim(), claimEvent);
  return {
    kind: 'claim',
    id,
    next: claimSubject(after, claimEvent.data.at),
    record: after,
    entries: claimAuditEntries(claimEvent, event.streamPosition),
  };
};

const subjectIdOf = (event: RecordedEvent) =>
  orderTypes.has(event.type)
    ? auditSubjectId('order', String(event.data.orderId))
    : auditSubjectId('claim', String(event.data.claimId));

const applyAudit = async (events: RecordedEvent[], client: PoolClient) => {
  const subjects = auditSubjects.batch(client);
  const history = auditHistory.batch(client);
  await subjects.load(events.map(subjectIdOf));
  for (const event of events) {
    const key = subjectIdOf(event);
    const current = subjects.get(key);
    if (current && event.streamPosition <= current.position) continue;
    const step = auditStep(current?.record ?? null, event);
    if (step.next) subjects.put(key, { ...step.next, position: event.streamPosition, record: step.record });
    if (step.entries.length > 0) {
      const change = step.entries[0]!.change;
      history.put(`${key}:${event.streamPosition}`, {
        subject: key,
        position: event.streamPosition,
        change,
        entries: step.entries,
      });
    }
  }
  await subjects.flush();
  await history.flush();
};

export const auditProjection = defineProjection({
  name: 'audit',
  version: 1,
  collections: [auditSubjects, auditHistory],
  eventTypes: [...orderEventTypes, ...claimEventTypes],
  handle: (event: RecordedEvent, client: PoolClient) => applyAudit([event], client),
  handleBatch: (events: RecordedEvent[], client: PoolClient) => applyAudit(events, client),
});
