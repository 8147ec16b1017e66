import type { Config } from '@feibao/platform/config';
import type { ConsistencyWaiter, LastWrites } from '@feibao/platform/consistency';
import type { OperatedQueues } from '@feibao/platform/queueHandles';
import type { Pool } from '@feibao/platform/db';
import type { Redis } from '@feibao/platform/redis';
import type { SessionRevocations } from '@feibao/platform/revocations';
import type { TokenService } from '@feibao/platform/tokens';
import type { PaymentProvider } from '@feibao/platform/payments/provider';
import type { RulesEngine } from '@feibao/read-models/rules/engine/engine';

export type QueryDeps = {
  config: Config;
  pool: Pool;
  tokens: TokenService;
  revocations: SessionRevocations;
  consistency: ConsistencyWaiter;
  /** Each user's last written position, recorded by the command side (read-your-writes without the header). */
  lastWrites: LastWrites;
  /** The clock of every time-dependent answer (actions, price ranges); tests inject one. */
  now: () => Date;
  /** The workers' queues, read by the operations console. */
  opsQueues: OperatedQueues;
  /** The payment provider, for the cashier's address of an unpaid purchase (docs/api/payments.md). */
  payments: PaymentProvider;
  /** Where the processes announce themselves (platform processes.ts), for the processes report. */
  redis: Redis;
};

/** The whole query app also prices, by the enabled rule versions (the education package's price range, "why this premium"). */
export type QueryAppDeps = QueryDeps & { rules: RulesEngine };
