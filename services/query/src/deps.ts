import type { PongoDb } from '@event-driven-io/pongo';
import type { Config, ConsistencyWaiter, Pool, SessionRevocations, TokenService } from '@feibao/platform';

export type QueryDeps = {
  config: Config;
  pool: Pool;
  documents: PongoDb;
  tokens: TokenService;
  revocations: SessionRevocations;
  consistency: ConsistencyWaiter;
};
