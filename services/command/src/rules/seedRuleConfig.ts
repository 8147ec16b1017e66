import { aggregate, handleCommand } from '@feibao/platform/eventStore';
import { logger } from '@feibao/platform/logger';
import { configDecider, configStreamId, seededConfig } from '@feibao/domain/rules/config';
import { SYSTEM_ACTOR } from '@feibao/domain/accounts/user.events';
import type { CommandDeps } from '../deps.ts';

/**
 * Start-up seeding of the rule dictionaries, through the commands: each default entry is created
 * once; an entry staff changed or disabled afterwards is left alone. A concurrent starter that
 * created it first makes ours refuse with 编码已存在, which is fine.
 */
export const seedRuleConfig = async (deps: Pick<CommandDeps, 'eventStore' | 'now'>) => {
  let created = 0;
  for (const seed of seededConfig()) {
    const streamId = configStreamId(seed.kind, seed.code);
    if ((await aggregate(deps.eventStore, streamId, configDecider)).exists) continue;
    const metadata = { now: deps.now(), actor: SYSTEM_ACTOR, roles: [], system: true };
    await handleCommand(deps.eventStore, streamId, configDecider, {
      type: 'CreateConfigEntry',
      data: { ...seed, reason: '系统初始化' },
      metadata,
    })
      .then(() => created++)
      .catch((error: unknown) =>
        logger.warn({ err: error, kind: seed.kind, configCode: seed.code }, 'rule config seeding refused'),
      );
  }
  if (created > 0) logger.info({ created }, 'seeded rule configuration');
};
