/**
 * Every setting the platform reads, with its default. docs/configuration.md's
 * table is written from this file: keep them together.
 */
import { parseQuietHours } from '@feibao/domain/notifications/quietHours';

const num = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) ? n : fallback;
};

export type Config = ReturnType<typeof loadConfig>;

/**
 * Client apps by their access key ("web:key,rules:key"). The key names the app a request comes from
 * (logs, the tenant login's appKey); it ships inside the web bundles, so it is an identifier, never a secret.
 */
const parseClientApps = (value: string | undefined) => {
  const apps = new Map<string, string>();
  for (const entry of (value ?? 'web:feibao-web-2026,rules:feibao-rules-2026').split(',')) {
    const [app, key] = entry.split(':').map((part) => part.trim());
    if (app && key) apps.set(key, app);
  }
  return apps;
};

/**
 * The payment provider (docs/api/payments.md): `dev`, the simulated gateway, outside production; `none` in
 * production until one is configured (as SMS_PROVIDER): payments then fail when used. Production refuses to
 * start with `dev` unless PAYMENT_ALLOW_DEV=true says so on purpose (a staging deployment).
 */
const paymentProviderOf = (env: NodeJS.ProcessEnv, production: boolean) => {
  const provider = env.PAYMENT_PROVIDER?.trim() || (production ? 'none' : 'dev');
  if (production && provider === 'dev' && env.PAYMENT_ALLOW_DEV !== 'true')
    throw new Error('PAYMENT_PROVIDER=dev is refused in production (set PAYMENT_ALLOW_DEV=true to allow it)');
  return provider;
};

/** NOTIFICATION_QUIET_HOURS (docs/configuration.md): a setting that is not one stops the start, as a bad secret does. */
const quietHoursOf = (env: NodeJS.ProcessEnv) => {
  const quiet = parseQuietHours(env.NOTIFICATION_QUIET_HOURS);
  if (quiet === null)
    throw new Error(
      `NOTIFICATION_QUIET_HOURS must be "off" or two whole hours like "22-8", not "${env.NOTIFICATION_QUIET_HOURS}"`,
    );
  return quiet;
};

export const loadConfig = (env: NodeJS.ProcessEnv = process.env) => {
  const production = env.NODE_ENV === 'production';
  const jwtSecret = env.JWT_SECRET ?? (production ? undefined : 'feibao-development-secret-change-me');
  if (!jwtSecret || jwtSecret.length < 16)
    throw new Error('JWT_SECRET must be set (at least 16 characters) in production');
  return {
    production,
    port: num(env.PORT, 3000),
    host: env.HOST ?? '127.0.0.1',
    commandPort: num(env.COMMAND_PORT, 3001),
    queryPort: num(env.QUERY_PORT, 3002),
    /** The workers answer only /internal/health and /metrics, on this port. */
    workersPort: num(env.WORKERS_PORT, 3003),
    /** How other processes reach this one (announced in Redis); default HOST, or the machine's name when HOST is a wildcard. */
    advertiseHost: env.ADVERTISE_HOST || undefined,
    /** Bearer token for /metrics and /internal/health; unset: only callers on this host or a private network, not through a proxy. */
    metricsToken: env.METRICS_TOKEN || undefined,
    databaseUrl: env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/feibao',
    redisUrl: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    jwtSecret,
    jwtIssuer: 'feibao',
    jwtAudience: 'feibao-web',
    accessTokenTtlSeconds: num(env.ACCESS_TOKEN_TTL_SECONDS, 15 * 60),
    refreshTokenTtlSeconds: num(env.REFRESH_TOKEN_TTL_SECONDS, 24 * 3600),
    rememberMeTtlSeconds: num(env.REMEMBER_ME_TTL_SECONDS, 30 * 24 * 3600),
    smsProvider: env.SMS_PROVIDER ?? (production ? 'none' : 'dev'),
    adminMobile: env.ADMIN_MOBILE,
    adminPassword: env.ADMIN_PASSWORD,
    /** Login failures allowed per phone (and per address ×4) in a 15-minute window. */
    loginMaxFailures: num(env.LOGIN_MAX_FAILURES, 10),
    smsHourlyPerPhone: num(env.SMS_HOURLY_PER_PHONE, 5),
    smsHourlyPerAddress: num(env.SMS_HOURLY_PER_ADDRESS, 20),
    /** Seconds before a phone may be sent another SMS code (the screens count down 60 s). */
    smsResendSeconds: num(env.SMS_RESEND_SECONDS, 60),
    /** Notification SMS per phone per Shanghai day; beyond it a notification goes to the inbox only. */
    notificationSmsDailyPerPhone: num(env.NOTIFICATION_SMS_DAILY_PER_PHONE, 5),
    /** Shanghai hours without notification SMS (held until the window ends), or `off`. */
    notificationQuietHours: quietHoursOf(env),
    consistencyWaitMs: num(env.CONSISTENCY_WAIT_MS, 5000),
    queuePrefix: env.QUEUE_PREFIX ?? 'feibao',
    /** Seconds in an insurer working day: quotes and underwriting take 1–3 of them. Policy dates stay real. */
    quoteDaySeconds: num(env.QUOTE_DAY_SECONDS, 86_400),
    /** Working days an insurer has (incl. manual verification) before its request times out. */
    quoteDeadlineDays: num(env.QUOTE_DEADLINE_DAYS, 5),
    /** Working days from insure to the insurer's underwriting. */
    underwriteDays: num(env.UNDERWRITE_DAYS, 1),
    /** Days after a policy's end during which 续保 is still offered (docs/api/renewal.md). */
    renewalGraceDays: num(env.RENEWAL_GRACE_DAYS, 15),
    /**
     * The address customers and gateways reach the platform at (the edge): payment notifications are sent to
     * it, and the policy documents' QR codes point at its /verify page. Default: this host and PORT.
     */
    publicBaseUrl: (
      env.PUBLIC_BASE_URL?.trim() ||
      `http://${env.HOST && env.HOST !== '0.0.0.0' ? env.HOST : '127.0.0.1'}:${num(env.PORT, 3000)}`
    ).replace(/\/+$/, ''),
    /**
     * Where payment gateways send their notifications (`<this>/api/v1/uav/pay/notify/<provider>`): PUBLIC_BASE_URL
     * unless the gateways reach the platform at another address (an internal one, a test's edge).
     */
    paymentNotifyBaseUrl: (
      env.PAYMENT_NOTIFY_BASE_URL?.trim() ||
      env.PUBLIC_BASE_URL?.trim() ||
      `http://${env.HOST && env.HOST !== '0.0.0.0' ? env.HOST : '127.0.0.1'}:${num(env.PORT, 3000)}`
    ).replace(/\/+$/, ''),
    /** `dev` (the simulated gateway, with its cashier at /pay/<token>), `alipay`, or `none` (production's default: payments fail). */
    paymentProvider: paymentProviderOf(env, production),
    /** Minutes a purchase may stay unpaid before it lapses (scaled like quote days when QUOTE_DAY_SECONDS < 86400). */
    paymentDueMinutes: num(env.PAYMENT_DUE_MINUTES, 30),
    /** Minutes after the cashier opened when the workers ask the provider about a trade no notification confirmed (scaled alike). */
    paymentReconcileMinutes: num(env.PAYMENT_RECONCILE_MINUTES, 5),
    /** The real gateway's settings (PAYMENT_PROVIDER=alipay): app id, the app's private key, Alipay's public key (PEM or bare base64). */
    alipay: {
      appId: env.ALIPAY_APP_ID?.trim() || null,
      privateKey: env.ALIPAY_PRIVATE_KEY?.trim() || null,
      publicKey: env.ALIPAY_PUBLIC_KEY?.trim() || null,
      gateway: env.ALIPAY_GATEWAY?.trim() || 'https://openapi.alipay.com/gateway.do',
    },
    uploadDir: env.UPLOAD_DIR ?? '.data/uploads',
    uploadMaxBytes: num(env.UPLOAD_MAX_BYTES, 10 * 1024 * 1024),
    /** Largest canvas (width × height) an uploaded picture (claim picture or file) may declare: refuses decompression bombs before decoding. */
    pictureMaxPixels: num(env.PICTURE_MAX_PIXELS, 40_000_000),
    /** Lock of a picture-processing job: a killed worker's job is taken up again this long after it stopped. */
    pictureLockMs: num(env.PICTURE_LOCK_MS, 30_000),
    /** Lock of every other queue job (SMS, insurer, claim timers, batch tests): a killed worker's job runs again this long after it stopped. */
    jobLockMs: num(env.JOB_LOCK_MS, 30_000),
    /** How often the workers check that Redis still holds their jobs (re-created from the read models if not). */
    jobRecoveryCheckMs: num(env.JOB_RECOVERY_CHECK_MS, 5_000),
    /** One account (its phone) that sees every rule-platform route whatever its roles; unset: nobody. */
    rulesSuperUser: env.RULES_SUPERUSER?.trim() || null,
    /** Trust X-Forwarded-For from the edge: the client address keys the rate limits. */
    trustProxy: env.TRUST_PROXY !== 'false',
    /** Access key → client app name (`CLIENT_APPS`, "app:key" pairs). */
    clientApps: parseClientApps(env.CLIENT_APPS),
    /** Login tenant the older tenant/userName/password/captcha/appKey exchange must name. */
    loginTenant: env.LOGIN_TENANT?.trim() || 'feibao',
    /** Failed rule-platform logins (per client address, or per user name) in the login window after which a captcha is required; 0: always. */
    loginCaptchaAfter: num(env.LOGIN_CAPTCHA_AFTER, 3),
    /** Captcha images one client address may fetch per minute. */
    captchaPerMinute: num(env.CAPTCHA_PER_MINUTE, 20),
    /**
     * Test seam, like the dev SMS inbox: every captcha shows this text, so browser tests can solve it.
     * Honoured only outside production with SMS_PROVIDER=dev; ignored everywhere else.
     */
    /**
     * Test seam: the dev SMS provider waits this long after storing a message before it answers, so a
     * resilience test can kill the workers mid-send. Honoured only outside production with SMS_PROVIDER=dev.
     */
    smsDevSendDelayMs:
      !production && (env.SMS_PROVIDER ?? 'dev') === 'dev' ? Math.max(0, num(env.SMS_DEV_SEND_DELAY_MS, 0)) : 0,
    captchaDevAnswer:
      !production &&
      (env.SMS_PROVIDER ?? 'dev') === 'dev' &&
      /^[A-Za-z0-9]{4,8}$/.test(env.CAPTCHA_DEV_ANSWER?.trim() ?? '')
        ? env.CAPTCHA_DEV_ANSWER!.trim()
        : null,
  };
};
