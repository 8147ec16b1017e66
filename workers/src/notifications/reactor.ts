import type { Queue } from 'bullmq';
import { inboxEventTypes, type InboxEvent } from '@feibao/domain/notifications/inbox';
import { checksOf, isNews, notificationsOf, subjectAfter } from '@feibao/domain/notifications/mapping';
import { claimTriggerTypes, orderTriggerTypes, type TriggerEvent } from '@feibao/domain/notifications/triggers';
import { originOf } from '@feibao/platform/context';
import { defineProjection, type RecordedEvent } from '@feibao/platform/projections/projection';
import { addCheck, type CheckJob } from './checks.ts';
import { deliverNotification, type DeliverDeps } from './deliver.ts';
import type { PoolClient } from '@feibao/platform/db';
import {
  applyRead,
  loadSubjectMap,
  saveCheck,
  savePreferences,
  saveSubjectRows,
  subjectKeysOf,
  subjectRowsOf,
  subjectsIn,
} from './store.ts';

export const NOTIFICATIONS_PROJECTION = 'notifications';

/**
 * Turns the events people are told about into notifications (inbox row + SMS job), schedules the checks
 * that depend on time (quote expiring, policy ending), and applies the inbox stream (marks read, SMS
 * choices) to the same tables. A checkpointed projection with no collections: it writes its tables
 * through the runner's transaction, so a batch's rows and its checkpoint commit together, and one
 * triggering event makes each notification once (its id is the event's global position + kind + recipient).
 */
export const notificationsReactor = (deps: DeliverDeps & { checks: Queue<CheckJob> }) => {
  /**
   * A batch in event order, as one event after another would go: the subjects it names are read with
   * one query and kept in memory, and those it changed are written with one statement at the end
   * (nothing else in the batch reads them from the table).
   */
  const react = async (events: RecordedEvent[], client: PoolClient) => {
    const triggers = events.filter((e) => !(inboxEventTypes as readonly string[]).includes(e.type));
    const known = await loadSubjectMap(
      client,
      triggers.flatMap((e) => Object.values(subjectKeysOf(e.data)).filter((key): key is string => !!key)),
    );
    const changedRows = new Map<string, unknown>();
    for (const recorded of events) {
      if ((inboxEventTypes as readonly string[]).includes(recorded.type)) {
        const event = { type: recorded.type, data: recorded.data } as InboxEvent;
        if (event.type === 'NotificationsRead') await applyRead(event.data, client);
        else await savePreferences(client, event.data.userId, event.data.sms, event.data.at);
        continue;
      }
      const event = { type: recorded.type, data: recorded.data } as TriggerEvent;
      const before = subjectsIn(known, recorded.data);
      const changed = subjectAfter(event, before);
      if (changed)
        for (const [key, data] of subjectRowsOf(changed)) {
          known.set(key, data);
          changedRows.set(key, data);
        }
      const subjects = { ...before, ...changed };
      if (isNews(recorded.recordedAt, deps.now()))
        for (const planned of notificationsOf(event, subjects))
          await deliverNotification(client, deps, recorded.globalPosition, planned);
      for (const check of checksOf(event)) {
        await saveCheck(client, check);
        await addCheck(deps.checks, { ...check, ...originOf(recorded) }, deps.now());
      }
    }
    await saveSubjectRows(client, changedRows);
  };
  return defineProjection({
    name: NOTIFICATIONS_PROJECTION,
    version: 1,
    collections: [],
    eventTypes: [...orderTriggerTypes, ...claimTriggerTypes, ...inboxEventTypes],
    handle: (recorded: RecordedEvent, client) => react([recorded], client),
    handleBatch: (events: RecordedEvent[], client) => react(events, client),
  });
};
