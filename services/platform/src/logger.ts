/**
 * Logs through pino: one JSON line per record on stderr, LOG_LEVEL=silent|error|warn|info|debug.
 * Every line names its process (`service`) and, inside a request or a job that knows one, its
 * `requestId`, taken from the async context (context.ts) so call sites pass neither.
 *
 * No credential and no whole personal number reaches a log, whatever a call site passes: fields
 * named like a secret are replaced, fields named like a phone or an ID number masked, URLs lose
 * their query string (`?code=`, `?phone=`), and every line is scrubbed of phone-, ID- and
 * JWT-shaped text last (error messages and stacks quote what they were given).
 */
import pino, { type Level } from 'pino';
import { maskIdCard, maskPersonalText } from '@feibao/domain/shared/masking';
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

/** Credentials, tokens and one-time codes: written as [REDACTED]. */
const secretKeys = [
  'password',
  'confirmPassword',
  'oldPassword',
  'newPassword',
  'passwordHash',
  'adminPassword',
  'identifyingCode',
  'verifyCode',
  'smsCode',
  'captcha',
  'captchaKey',
  'accessToken',
  'refreshToken',
  'refresh_token',
  'token',
  'authorization',
  'cookie',
  'set-cookie',
  'x-token',
  'jwtSecret',
];
/** Personal numbers: written masked (138****1234, 110105********002X). */
const phoneKeys = [
  'phone',
  'mobilePhone',
  'adminMobile',
  'userName',
  'username',
  'contactPhone',
  'theInsuredPhone',
  'assignee',
];
const idKeys = ['idCard', 'theInsuredIdCard', 'technicalLevel'];
/** URLs and paths: written without their query string. */
const urlKeys = ['url', 'path', 'originalUrl', 'href'];
/**
 * `code` names too many things (an error's `err.code`, a result code) to be hidden everywhere: it
 * is hidden where a request's code travels, and a number (a result code) is kept.
 */
const codePaths = ['code', 'body.code', 'query.code', 'data.code', '*.body.code', '*.query.code'];

const keyPath = (key: string) => (/^\w+$/.test(key) ? key : `["${key}"]`);
/** The key itself and up to two levels down (`headers.authorization`, `req.headers.authorization`). */
const atAnyDepth = (keys: readonly string[]) =>
  keys.flatMap((key) => [
    keyPath(key),
    `*${/^\w+$/.test(key) ? '.' : ''}${keyPath(key)}`,
    `*.*${/^\w+$/.test(key) ? '.' : ''}${keyPath(key)}`,
  ]);

const REDACTED = '[REDACTED]';
const secretSet = new Set(secretKeys);
const phoneSet = new Set(phoneKeys);
const idSet = new Set(idKeys);

const censor = (value: unknown, path: readonly unknown[]): unknown => {
  const key = String(path[path.length - 1]);
  if (value === undefined || value === null) return value;
  if (key === 'code') return typeof value === 'number' ? value : REDACTED;
  if (secretSet.has(key)) return REDACTED;
  if (phoneSet.has(key)) return typeof value === 'string' ? maskPersonalText(value) : REDACTED;
  if (idSet.has(key)) return typeof value === 'string' ? maskIdCard(value) : REDACTED;
  return typeof value === 'string' ? value.replace(/\?.*$/s, '') : value;
};

/** A JSON web token anywhere in a line (an access token quoted by an error, say). */
const JWT_IN_TEXT = /eyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}/g;
const scrub = (line: string) => maskPersonalText(line).replace(JWT_IN_TEXT, REDACTED);

export const logger = pino(
  {
    level: baseLevel,
    redact: { paths: [...atAnyDepth([...secretKeys, ...phoneKeys, ...idKeys, ...urlKeys]), ...codePaths], censor },
    hooks: { streamWrite: scrub },
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    // The request's id and the process's name come from the async context; fields a call passes win.
    mixin: () => {
      const context = currentContext();
      return {
        service: context?.service ?? process.env.FEIBAO_SERVICE,
        ...(context?.requestId ? { requestId: context.requestId } : {}),
        ...(context?.clientApp ? { clientApp: context.clientApp } : {}),
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
