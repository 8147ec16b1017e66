/**
 * Logs through pino: one JSON line per record on stderr, LOG_LEVEL=silent|error|warn|info|debug.
 * Every line names its process (`service`) and, inside a request or a job that knows one, its
 * `requestId`, taken from the async context (context.ts) so call sites pass neither.
 */
import pino, { type Level } from 'pino';
import { currentContext } from './context.ts';

const levelNames = ['debug', 'info', 'warn', 'error', 'silent'] as const;
type LevelName = (typeof levelNames)[number];

const configuredLevel = (): LevelName => {
  const wanted = process.env.LOG_LEVEL as LevelName | undefined;
  return wanted && levelNames.includes(wanted) ? wanted : 'info';
};

const baseLevel = configuredLevel();
/** stderr plus whatever `captureLogs` adds; each stream keeps its own threshold. */
const streams = pino.multistream(
  baseLevel === 'silent' ? [] : [{ level: baseLevel as Level, stream: pino.destination({ dest: 2, sync: true }) }],
);

export const logger = pino(
  {
    level: baseLevel,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    // The request's id and the process's name come from the async context; fields a call passes win.
    mixin: () => {
      const context = currentContext();
      return {
        service: context?.service ?? process.env.FEIBAO_SERVICE,
        ...(context?.requestId ? { requestId: context.requestId } : {}),
      };
    },
  },
  streams,
);

export type Logger = typeof logger;

/**
 * Tees every record at `level` or above into `lines` (parsed) until `stop`, whatever LOG_LEVEL
 * says for stderr: lets a test read what a process logged.
 */
export const captureLogs = (level: Exclude<LevelName, 'silent'> = 'debug') => {
  const lines: Record<string, unknown>[] = [];
  streams.add({ level, stream: { write: (line: string) => void lines.push(JSON.parse(line)) } });
  // pino numbers the streams it adds; its types leave the counter out.
  const id = (streams as unknown as { lastId: number }).lastId;
  const before = logger.level;
  if (logger.levelVal > (logger.levels.values[level] ?? 0)) logger.level = level;
  return {
    lines,
    stop() {
      streams.remove(id);
      logger.level = before;
    },
  };
};
