import type { Worker } from 'bullmq';
import type { Config } from '@feibao/platform/config';
import type { EventStore } from '@feibao/platform/eventStore';
import type { Pool } from '@feibao/platform/db';
import type { Projection } from '@feibao/platform/projections/projection';
import type { Redis } from '@feibao/platform/redis';
import type { RulesEngine } from '@feibao/read-models/rules/engine/engine';
import type { RecoveryDeps } from './recovery.ts';
import { smsFeature } from './sms/feature.ts';
import { quotingFeature } from './quoting/feature.ts';
import { claimsFeature } from './claims/feature.ts';
import { rulesFeature } from './rules/feature.ts';
import { notificationsFeature } from './notifications/feature.ts';
import { paymentsFeature } from './payments/feature.ts';
import { documentsFeature } from './documents/feature.ts';
import { endorsementFeature } from './endorsement/feature.ts';

/** What the workers process hands every feature when it starts. */
export type WorkersContext = {
  config: Config;
  now: () => Date;
  pool: Pool;
  eventStore: EventStore;
  rules: RulesEngine;
  /** The blocking connection the BullMQ workers share. */
  connection: Redis;
  /** The connection the queues that add jobs share. */
  queueConnection: Redis;
  /** A job in hand when its process dies is taken up again once its lock lapses. */
  jobLock: { lockDuration: number; stalledInterval: number; maxStalledCount: number };
  sweepEveryMs: number | undefined;
};

/** What a started feature runs: its queue workers by name (health), its reactors, the queues it adds jobs to. */
export type StartedFeature = {
  workers: Record<string, Worker>;
  reactors: Projection[];
  queues: { close(): Promise<unknown> }[];
  /** What job recovery (recovery.ts) needs of this feature, when it has jobs to re-create. */
  recovery?: Partial<Pick<RecoveryDeps, 'insurerJobs' | 'claimTimers' | 'pictureJobs' | 'documentJobs' | 'afterReset'>>;
};

/** What one feature folder registers in the workers process. */
export type WorkersFeature = { name: string; start: (context: WorkersContext) => Promise<StartedFeature> };

/** Every feature with background work; a new one is a folder with its `feature.ts` and one line here. */
export const workersFeatures: WorkersFeature[] = [
  smsFeature,
  quotingFeature,
  claimsFeature,
  rulesFeature,
  notificationsFeature,
  paymentsFeature,
  documentsFeature,
  endorsementFeature,
];
