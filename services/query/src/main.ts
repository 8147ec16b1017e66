import { loadConfig } from '@feibao/platform/config';
import { logger } from '@feibao/platform/logger';
import { startQueryService } from './service.ts';

process.env.FEIBAO_SERVICE ??= 'query';

const service = await startQueryService(loadConfig());
const shutdown = async (signal: string) => {
  logger.info({ signal }, 'query service stopping');
  await service.stop();
  process.exit(0);
};
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
