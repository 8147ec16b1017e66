import { config } from 'zod/v4/core';

/**
 * The edge serves the app under a Content-Security-Policy without 'unsafe-eval'
 * (services/edge/src/securityHeaders.ts). zod compiles object parsers with `new Function` unless
 * told not to, and even its probe for eval is reported as a violation, so it is told not to:
 * before any schema is built, hence the first import of each entry (main.tsx, rules/main.tsx). Through
 * zod's core `config` (the one `z.config` re-exports), so that the entry does not carry all of zod.
 */
config({ jitless: true });
