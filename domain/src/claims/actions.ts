import { isAdmin, isClaimsStaff } from '../accounts/roles.ts';
import type { ClaimStatus } from './claim.events.ts';

/**
 * What a caller may do with a claim in its state (docs/glossary.md "Claim states"); the web
 * renders its buttons from this list and the decider enforces the same rules.
 */
export type ClaimAction =
  | 'view'
  | 'save'
  | 'submit'
  | 'back'
  | 'withdraw'
  | 'edit'
  | 'pictures'
  | 'accept'
  | 'requestEvidence'
  | 'assess'
  | 'close'
  | 'reopen'
  | 'assign'
  | 'history';

export const allowedClaimActions = (
  claim: { status: ClaimStatus; owner: string },
  caller: { sub: string; roles: readonly string[] },
): ClaimAction[] => {
  const owner = claim.owner === caller.sub;
  const admin = isAdmin(caller.roles);
  const staff = isClaimsStaff(caller.roles);
  if (claim.status === 'cancelled' || (!owner && !staff)) return [];
  const open = claim.status === 'editing' || claim.status === 'saved';
  const actions: ClaimAction[] = ['view'];
  if (owner && open) actions.push('save', 'submit');
  if (!owner && admin && (open || claim.status === 'submitted')) actions.push('submit');
  if (owner && claim.status === 'editing') actions.push('back');
  if (claim.status !== 'withdrawn') actions.push('withdraw');
  if (admin && claim.status !== 'closed' && claim.status !== 'withdrawn') actions.push('edit');
  if (claim.status !== 'closed' && claim.status !== 'withdrawn') actions.push('pictures');
  if (staff) {
    if (claim.status === 'submitted') actions.push('accept');
    if (claim.status === 'submitted' || claim.status === 'processing') actions.push('requestEvidence');
    if (claim.status === 'processing') actions.push('assess', 'close');
    if (claim.status === 'closed') actions.push('reopen');
    if (claim.status !== 'closed' && claim.status !== 'withdrawn') actions.push('assign');
  }
  if (owner || staff) actions.push('history');
  return actions;
};
