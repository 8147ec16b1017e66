import type { Pool, PoolClient } from '@feibao/platform/db';
import { logger } from '@feibao/platform/logger';
import { createRulesEngine, type RulesEngine } from './engine.ts';
import type { RuleSource } from './ruleSet.ts';

/** Notified by the rule-versions projection (read-models) in the transaction that enables or retires a version. */
export const RULES_CHANGED_CHANNEL = 'feibao_rules_changed';

/** A lost notification (dropped connection) costs at most this long with stale rules. */
const REFRESH_MS = 60_000;
const RECONNECT_MS = 1_000;

/**
 * An engine whose enabled set is reloaded from `source` (the rule read model) after each
 * notification on RULES_CHANGED_CHANNEL and after a reconnect of the listening connection (the
 * next quote waits for it), and once a minute in any case, in the background (engine.ts `refresh`).
 */
export const startRulesEngine = (pool: Pool, source: RuleSource): RulesEngine & { stop(): Promise<void> } => {
  const engine = createRulesEngine(source);
  let listener: PoolClient | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const listen = async () => {
    if (stopped) return;
    try {
      const client = await pool.connect();
      client.on('notification', () => engine.invalidate());
      client.on('error', (err) => {
        logger.warn({ err }, 'rule change listener lost');
        client.release(err);
        if (listener === client) listener = null;
        engine.invalidate();
        retry = setTimeout(() => void listen(), RECONNECT_MS);
      });
      await client.query(`LISTEN ${RULES_CHANGED_CHANNEL}`);
      listener = client;
      if (stopped) await stopListening();
      // Changes made while no one listened.
      engine.invalidate();
    } catch (err) {
      logger.warn({ err }, 'rule change listener could not connect');
      retry = setTimeout(() => void listen(), RECONNECT_MS);
    }
  };
  const stopListening = async () => {
    const client = listener;
    listener = null;
    if (!client) return;
    await client.query(`UNLISTEN *`).catch(() => undefined);
    client.release();
  };
  const refresh = setInterval(() => engine.refresh(), REFRESH_MS);
  refresh.unref();
  void listen();
  return {
    ...engine,
    async stop() {
      stopped = true;
      clearInterval(refresh);
      clearTimeout(retry);
      await stopListening();
      engine.dispose();
    },
  };
};
