import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Context } from 'koa';
import { captchaMessages } from '@feibao/domain/accounts/validation';
import { ResultCode } from '@feibao/domain/shared/codes';
import { HttpError } from '@feibao/platform/http/envelope';
import type { CommandDeps } from '../deps.ts';

/** The response header naming the image's id; the login calls send it back as `captchaKey`. */
export const CAPTCHA_KEY_HEADER = 'Captcha-Key';
export const CAPTCHA_TTL_SECONDS = 120;
/** The window failed logins are counted in: the login limit's (accounts/credentials.ts). */
export const CAPTCHA_FAILURE_WINDOW_SECONDS = 15 * 60;
export const captchaTooMany = '获取图形验证码过于频繁，请稍后再试';

// No 0/O, 1/I/L, 2/Z: letters a person confuses on a noisy image. Answers are compared without case.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXY3456789';
const LENGTH = 4;
const KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

type RenderSvg = (text: string, options: Record<string, unknown>) => string;
type Rasterise = (svg: string) => Promise<Buffer>;

/**
 * Loaded on the first image: svg-captcha reads its font when imported, sharp loads libvips; a
 * process that never draws a captcha pays for neither. svg-captcha's default export renders a
 * given text (its own `create` draws the text with Math.random).
 */
let drawing: Promise<{ render: RenderSvg; rasterise: Rasterise }> | null = null;
const drawingTools = () => {
  drawing ??= (async () => {
    const [captchaModule, sharpModule] = await Promise.all([import('svg-captcha'), import('sharp')]);
    const render = captchaModule.default as unknown as RenderSvg;
    const sharp = sharpModule.default;
    // Drawn at twice the size for sharp screens, dark characters on the login card's light grey.
    const rasterise = (svg: string) =>
      sharp(Buffer.from(svg), { density: 144 })
        .flatten({ background: '#eef2f7' })
        .png({ compressionLevel: 6 })
        .toBuffer();
    return { render, rasterise };
  })();
  return drawing;
};

const randomText = () => Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/**
 * Captchas of the rule platform's logins (docs/api/rules-sign-in.md "Captcha"). An image is a PNG
 * (the SVG's paths would spell the answer to a script); its answer is kept only as a keyed hash
 * under a random id for 120 s and is spent by the first check, right or wrong. Failed logins are
 * counted per client address and per user name; from `loginCaptchaAfter` of them in the window
 * every login from that address, or for that name, needs one, until a login succeeds.
 */
export const createCaptchas = (deps: CommandDeps) => {
  const prefix = `${deps.config.queuePrefix}:captcha`;
  const digest = (key: string, answer: string) =>
    createHmac('sha256', deps.config.jwtSecret).update(`captcha:${key}:${answer.trim().toUpperCase()}`).digest();
  const counters = (ip: string, username?: string) => [
    `captcha:fail:ip:${ip}`,
    ...(username ? [`captcha:fail:user:${username}`] : []),
  ];

  /** Spends the captcha whatever the answer; true only for the right answer of a live one. */
  const check = async (key: string, answer: string | undefined): Promise<boolean> => {
    if (!KEY_PATTERN.test(key)) return false;
    const stored = await deps.redis.getdel(`${prefix}:${key}`);
    if (!stored || answer === undefined) return false;
    const expected = Buffer.from(stored, 'base64url');
    const given = digest(key, answer);
    return expected.length === given.length && timingSafeEqual(expected, given);
  };

  const required = async (ip: string, username?: string): Promise<boolean> => {
    const after = deps.config.loginCaptchaAfter;
    if (after <= 0) return true;
    for (const key of counters(ip, username)) if (await deps.limiter.exceeded(key, after)) return true;
    return false;
  };

  return {
    required,

    /** A new image and its id; 42900 when this address asked for too many this minute. */
    async issue(ip: string): Promise<{ key: string; png: Buffer }> {
      if (!(await deps.limiter.hit(`captcha:get:ip:${ip}`, deps.config.captchaPerMinute, 60)))
        throw new HttpError(ResultCode.tooManyRequests, captchaTooMany);
      const text = deps.config.captchaDevAnswer ?? randomText();
      const key = randomBytes(18).toString('base64url');
      const { render, rasterise } = await drawingTools();
      const svg = render(text, { width: 120, height: 40, fontSize: 44, noise: 3, color: false });
      const png = await rasterise(svg);
      await deps.redis.set(`${prefix}:${key}`, digest(key, text).toString('base64url'), 'EX', CAPTCHA_TTL_SECONDS);
      return { key, png };
    },

    /** A failed login (wrong password, unknown name, wrong SMS code), counted for the trigger. */
    async failed(ip: string, username?: string) {
      for (const key of counters(ip, username))
        await deps.limiter.hit(key, Number.MAX_SAFE_INTEGER, CAPTCHA_FAILURE_WINDOW_SECONDS);
    },

    async succeeded(ip: string, username?: string) {
      for (const key of counters(ip, username)) await deps.limiter.reset(key);
    },

    /**
     * The gate of every login that may need a captcha: one is required when the trigger is on (or
     * `always`), and one sent is checked anyway, so a client cannot skip it by guessing the state.
     * A key sent is spent even when its answer is missing.
     */
    async guard(
      ctx: Context,
      form: { captchaKey?: string; captcha?: string },
      username: string | undefined,
      always = false,
    ) {
      const needed = always || (await required(ctx.ip, username));
      if (!needed && form.captchaKey === undefined && form.captcha === undefined) return;
      const right = form.captchaKey !== undefined && (await check(form.captchaKey, form.captcha));
      if (right) return;
      const missing = form.captchaKey === undefined || form.captcha === undefined;
      throw new HttpError(ResultCode.badRequest, missing ? captchaMessages.required : captchaMessages.wrong, {
        captchaRequired: true,
      });
    },
  };
};
export type Captchas = ReturnType<typeof createCaptchas>;
