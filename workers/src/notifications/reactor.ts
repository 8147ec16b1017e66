import type { Queue } from 'bullmq';
import { inboxEventTypes, type InboxEvent } from '@feibao/domain/notifications/inbox';
import { checksOf, isNews, notificationsOf, subjectAfter } from '@feibao/domain/notifications/mapping';
import { claimTriggerTypes, orderTriggerTypes, type TriggerEvent } from '@feibao/domain/notifications/triggers';
import { originOf } from '@feibao/platform/context';
import { defineProjection, type RecordedEvent } from '@feibao/platform/projections/projection';
import { addCheck, type CheckJob } from './checks.ts';
import { deliverNotification, type DeliverDeps } from './deliver.ts';
import { applyRead, loadSubjects, saveCheck, saveSubjects, savePreferences } from './store.ts';

export const NOTIFICATIONS_PROJECTION = 'notifications';

/**
 * Turns the events people are told about into notifications (inbox row + SMS job), schedules the checks
 * that depend on time (quote expiring, policy ending), and applies the inbox stream (marks read, SMS
 * choices) to the same tables. A checkpointed projection with no collections: it writes its tables
 * through the runner's transaction, so a batch's rows and its checkpoint commit together, and one
 * triggering event makes each notification once (its id is the event's global position + kind + recipient).
 */
export const notificationsReactor = (deps: DeliverDeps & { checks: Queue<CheckJob> }) =>
  defineProjection({
    name: NOTIFICATIONS_PROJECTION,
    version: 1,
    collections: [],
    eventTypes: [...orderTriggerTypes, ...claimTriggerTypes, ...inboxEventTypes],
    async handle(recorded: RecordedEvent, client) {
      if ((inboxEventTypes as readonly string[]).includes(recorded.type)) {
        const event = { type: recorded.type, data: recorded.data } as InboxEvent;
        if (event.type === 'NotificationsRead') return void (await applyRead(event.data, client));
        return void (await savePreferences(client, event.data.userId, event.data.sms, event.data.at));
      }
      const event = { type: recorded.type, data: recorded.data } as TriggerEvent;
      const known = await loadSubjects(client, recorded.data);
      const changed = subjectAfter(event, known);
      if (changed) await saveSubjects(client, changed);
      const subjects = { ...known, ...changed };
      if (isNews(recorded.recordedAt, deps.now()))
        for (const planned of notificationsOf(event, subjects))
          await deliverNotification(client, deps, recorded.globalPosition, planned);
      for (const check of checksOf(event)) {
        await saveCheck(client, check);
        await addCheck(deps.checks, { ...check, ...originOf(recorded) }, deps.now());
      }
    },
  });
