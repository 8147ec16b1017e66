import { aggregate, handleCommand } from '@feibao/platform/eventStore';
import { logger } from '@feibao/platform/logger';
import { ruleDecider, ruleStreamId, type RuleCommand, type RuleState } from '@feibao/domain/rules/rule';
import { seededRules, SEED_RULE_REASON } from '@feibao/domain/rules/seed/seededRules';
import { SYSTEM_ACTOR } from '@feibao/domain/accounts/user.events';
import type { CommandDeps } from '../deps.ts';

class NothingLeft extends Error {}

/** The next step that brings a rule's seeded version 1 to enabled, or null when nothing is left to do. */
const nextStep = (state: RuleState, seed: ReturnType<typeof seededRules>[number], now: Date): RuleCommand | null => {
  const metadata = { now, actor: SYSTEM_ACTOR, roles: [], system: true };
  const step = { ruleId: seed.ruleId, version: 1, reason: SEED_RULE_REASON };
  if (!state.definition) {
    const { content: _content, ...definition } = seed;
    return { type: 'DefineRule', data: { ...definition, reason: SEED_RULE_REASON }, metadata };
  }
  const first = state.versions[0];
  if (!first)
    return {
      type: 'DraftRuleVersion',
      data: { ruleId: seed.ruleId, content: seed.content, reason: SEED_RULE_REASON },
      metadata,
    };
  // Only the seeded version 1 (drafted by the system) is carried on; a rule staff wrote first is theirs.
  if (first.draftedBy !== SYSTEM_ACTOR) return null;
  switch (first.status) {
    case 'draft':
      return { type: 'SubmitRuleVersion', data: step, metadata };
    case 'inReview':
      return { type: 'ApproveRuleVersion', data: step, metadata };
    case 'approved':
      return state.versions.length === 1 ? { type: 'EnableRuleVersion', data: step, metadata } : null;
    default:
      return null;
  }
};

/**
 * Start-up seeding, through the rule commands: every rule's definition (stage, insurer, …), then
 * version 1 (the behaviour that was hard-coded before), drafted, reviewed and enabled by the system. Idempotent: each start carries
 * an unfinished seed one step further and leaves rules that have moved on alone.
 */
export const seedRules = async (deps: Pick<CommandDeps, 'eventStore' | 'now'>) => {
  let steps = 0;
  for (const seed of seededRules()) {
    for (;;) {
      const state = await aggregate(deps.eventStore, ruleStreamId(seed.ruleId), ruleDecider);
      const command = nextStep(state, seed, deps.now());
      if (!command) break;
      // A concurrent starter may have taken the step: decide again on fresh state, or stop.
      const done = await handleCommand(deps.eventStore, ruleStreamId(seed.ruleId), ruleDecider, (fresh: RuleState) => {
        const next = nextStep(fresh, seed, deps.now());
        if (!next) throw new NothingLeft();
        return next;
      })
        .then(() => false)
        .catch((error: unknown) => {
          if (!(error instanceof NothingLeft))
            logger.warn({ err: error, ruleId: seed.ruleId }, 'rule seeding step refused');
          return true;
        });
      steps++;
      if (done) break;
    }
  }
  if (steps > 0) logger.info({ steps }, 'seeded rules');
};
