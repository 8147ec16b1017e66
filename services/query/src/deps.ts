import type { Config, ConsistencyWaiter, LastWrites, Pool, SessionRevocations, TokenService } from '@feibao/platform';

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
};
