import { loadConfig } from '@feibao/platform/config';
import { logger } from '@feibao/platform/logger';
import { startEdge } from './service.ts';

process.env.FEIBAO_SERVICE ??= 'edge';

const edge = await startEdge(loadConfig());
const shutdown = async (signal: string) => {
  logger.info({ signal }, 'edge stopping');
  await edge.stop();
  process.exit(0);
};
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
