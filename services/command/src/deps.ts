import type { Queue } from 'bullmq';
import type { Config } from '@feibao/platform/config';
import type { EventStore } from '@feibao/platform/eventStore';
import type { OperatedQueues } from '@feibao/platform/queueHandles';
import type { Pool } from '@feibao/platform/db';
import type { RateLimiter } from '@feibao/platform/rateLimit';
import type { Redis } from '@feibao/platform/redis';
import type { SessionRevocations } from '@feibao/platform/revocations';
import type { SmsJob } from '@feibao/platform/queues';
import type { TokenService } from '@feibao/platform/tokens';
import type { PaymentProvider } from '@feibao/platform/payments/provider';
import type { DevGateway } from '@feibao/platform/payments/dev';

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
  /** The payment provider (PAYMENT_PROVIDER) and, with `dev` outside production, the simulated gateway's own calls. */
  payments: PaymentProvider;
  devGateway: DevGateway | null;
  now: () => Date;
  /** [0,1) draws for insurer turnaround; tests fix it. */
  random: () => number;
};
