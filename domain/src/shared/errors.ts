import { ResultCode } from './codes.ts';

/**
 * A refusal the domain decided on: illegal state, failed invariant, unknown object.
 * Deciders throw it; the HTTP layer turns it into an envelope with the same code.
 */
export class DomainError extends Error {
  constructor(
    message: string,
    readonly code: number = ResultCode.conflict,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const illegalState = (message: string) => new DomainError(message, ResultCode.conflict);
export const notFound = (message: string) => new DomainError(message, ResultCode.notFound);
export const forbidden = (message: string) => new DomainError(message, ResultCode.forbidden);
export const invalid = (message: string) => new DomainError(message, ResultCode.badRequest);
