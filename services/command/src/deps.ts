import type { Queue } from 'bullmq';
import type {
  Config,
  EventStore,
  OperatedQueues,
  Pool,
  RateLimiter,
  Redis,
  SessionRevocations,
  SmsJob,
  TokenService,
} from '@feibao/platform';

/** Everything a command handler touches, injected so tests wire real stores with a test clock. */
export type CommandDeps = {
  config: Config;
  pool: Pool;
  eventStore: EventStore;
  redis: Redis;
  tokens: TokenService;
  revocations: SessionRevocations;
  limiter: RateLimiter;
  smsQueue: Queue<SmsJob>;
  /** The workers' queues, for the operations console's retry and remove. */
  opsQueues: OperatedQueues;
  now: () => Date;
  /** [0,1) draws for insurer turnaround; tests fix it. */
  random: () => number;
};
