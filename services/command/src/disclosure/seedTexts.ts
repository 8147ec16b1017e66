import { SYSTEM_ACTOR } from '@feibao/domain/accounts/user.events';
import { seededTexts, SEED_TEXT_REASON } from '@feibao/domain/disclosure/seedTexts';
import { DomainError } from '@feibao/domain/shared/errors';
import { logger } from '@feibao/platform/logger';
import type { CommandDeps } from '../deps.ts';
import { currentTerms, disclosureHandling } from './handling.ts';

/**
 * Start-up seeding: version 1 of every text not yet published, through the publish command (by the system).
 * Idempotent: a text with any version is left alone, and a concurrent starter's version 1 wins the append.
 */
export const seedDisclosureTexts = async (deps: Pick<CommandDeps, 'eventStore' | 'now'>) => {
  const published = await currentTerms(deps.eventStore);
  const handling = disclosureHandling(deps);
  let seeded = 0;
  for (const text of seededTexts()) {
    const key = text.kind === 'exclusions' ? `exclusions-${text.coverId}` : text.kind;
    if (published[key]) continue;
    await handling
      .publish(
        { ...text, reason: SEED_TEXT_REASON, baseVersion: 0 },
        { now: deps.now(), actor: SYSTEM_ACTOR, roles: [], system: true },
      )
      .then(() => seeded++)
      .catch((error: unknown) => {
        if (!(error instanceof DomainError)) logger.warn({ err: error, key }, 'disclosure text seeding refused');
      });
  }
  if (seeded > 0) logger.info({ seeded }, 'seeded disclosure texts');
};
