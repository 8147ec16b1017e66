/** One JSON line per log record on stderr; LOG_LEVEL=silent|error|warn|info|debug. */
const levels = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
type Level = Exclude<keyof typeof levels, 'silent'>;

const threshold = () => levels[(process.env.LOG_LEVEL as keyof typeof levels) ?? 'info'] ?? levels.info;

const write = (level: Level, fields: Record<string, unknown>, msg: string) => {
  if (levels[level] < threshold()) return;
  const { err, ...rest } = fields;
  const error =
    err instanceof Error ? { err: { message: err.message, name: err.name, stack: err.stack } } : err ? { err } : {};
  process.stderr.write(
    `${JSON.stringify({ time: new Date().toISOString(), level, service: process.env.FEIBAO_SERVICE, msg, ...rest, ...error })}\n`,
  );
};

export const logger = {
  debug: (fields: Record<string, unknown>, msg: string) => write('debug', fields, msg),
  info: (fields: Record<string, unknown>, msg: string) => write('info', fields, msg),
  warn: (fields: Record<string, unknown>, msg: string) => write('warn', fields, msg),
  error: (fields: Record<string, unknown>, msg: string) => write('error', fields, msg),
};
