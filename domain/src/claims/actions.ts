import { claimGuards, type GuardedClaim } from './guards.ts';

/**
 * What a caller may do with a claim in its state (docs/glossary.md "Claim states"); the web
 * renders its buttons from this list. Each action is the guard of the same name (guards.ts), the
 * one the decider refuses through.
 */
export const claimActions = [
  'view',
  'save',
  'submit',
  'back',
  'withdraw',
  'edit',
  'pictures',
  'accept',
  'requestEvidence',
  'assess',
  'close',
  'reopen',
  'assign',
  'history',
  'log',
  'amend',
] as const;
export type ClaimAction = (typeof claimActions)[number];

export const allowedClaimActions = (
  claim: GuardedClaim,
  caller: { sub: string; roles: readonly string[]; system?: boolean },
): ClaimAction[] => {
  const who = { actor: caller.sub, roles: caller.roles, system: caller.system };
  return claimActions.filter((action) => claimGuards[action](claim, who) === null);
};
