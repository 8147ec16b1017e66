/** Envelope codes: the contract the web client reads (HTTP status is secondary). */
export const ResultCode = {
  success: 20000,
  /** Special cases (docs/glossary.md "Result codes"): unfinished profile on inquiry, open claim on create. */
  special: 30000,
  badRequest: 40000,
  unauthorized: 40100,
  forbidden: 40300,
  notFound: 40400,
  conflict: 40900,
  tooLarge: 41300,
  unsupportedMedia: 41500,
  tooManyRequests: 42900,
  serverError: 50000,
  /** A store (PostgreSQL, Redis) is unreachable for a moment: nothing was done, the same request may be sent again. */
  unavailable: 50300,
  /** The rule platform's session codes (docs/api/rules-platform.md), answered only on /api/v1/rules/*: its client opens the re-login prompt. */
  rulesIllegalToken: 50008,
  rulesSessionRevoked: 50012,
  rulesTokenExpired: 50014,
} as const;
export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode];

export type Envelope<T = unknown> = { code: number; message: string; data: T };
