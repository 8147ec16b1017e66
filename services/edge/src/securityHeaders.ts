import type { OutgoingHttpHeaders } from 'node:http';

/**
 * What a page of this origin may load and run. The web app's scripts are Vite's bundled files
 * (no inline script, no eval: the bundle turns off zod's `new Function` probe, see
 * web/src/shared/strictCsp.ts), its icons are data: URIs and its pictures object URLs, and it
 * talks only to its own origin. The same policy covers every answer, the bull-board pages too:
 * their scripts are files of their own, and their inline loading styles and web fonts only fall
 * back to plain ones.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

/** A year; no includeSubDomains: the edge cannot know what else lives under the operator's domain. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

const always: OutgoingHttpHeaders = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
};

/** The names the edge owns: a relayed answer's own values for them are replaced, never merged. */
export const SECURITY_HEADER_NAMES = new Set([...Object.keys(always), 'strict-transport-security']);

/**
 * The headers every answer of the edge carries. HSTS only when the browser reached us over TLS
 * (a trusted proxy said so): sent over plain HTTP it would be ignored, or pin a host that has no TLS.
 */
export const securityHeaders = (overTls: boolean): OutgoingHttpHeaders =>
  overTls ? { ...always, 'strict-transport-security': STRICT_TRANSPORT_SECURITY } : always;
