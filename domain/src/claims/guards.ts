import { isAdmin, isClaimsStaff } from '../accounts/roles.ts';
import { forbidden, illegalState, notFound, type DomainError } from '../shared/errors.ts';
import type { ClaimAction } from './actions.ts';
import type { Claim, ClaimRecord, ClaimStatus } from './claim.events.ts';
import { claimMessages as m } from './messages.ts';

/**
 * One guard per claim action (docs/glossary.md "Claim states"): may this actor do this to the claim
 * now, and if not, the refusal (code and Chinese reason). The decider refuses through these guards
 * and the action list a screen renders its buttons from is the guards that pass, so the two cannot
 * drift apart. What a guard does not cover is the command's input (a form, a reason, a version).
 */

/** Who asks; workers act as `system` and hold every staff power. */
export type ClaimActor = { actor: string; roles: readonly string[]; system?: boolean };
/** The only facts of a claim the guards read: the decider's state and the read model's row both have them. */
export type GuardedClaim = Pick<ClaimRecord, 'status' | 'owner'>;
export type ClaimGuard = (claim: GuardedClaim, who: ClaimActor) => DomainError | null;

export const isClaimStaffActor = (who: ClaimActor) => who.system === true || isClaimsStaff(who.roles);
const isOwner = (claim: GuardedClaim, who: ClaimActor) => claim.owner === who.actor;
/** Closed or withdrawn: the claim's handling is over (a cancelled claim is gone altogether). */
export const isClaimFinished = (status: ClaimStatus) => status === 'closed' || status === 'withdrawn';
/** The states in which the claimant still fills in the form. */
export const isCustomerEditable = (status: ClaimStatus) => status === 'editing' || status === 'saved';

/** The refusal a customer meets when the claim no longer takes changes. */
const notEditable = (status: ClaimStatus) =>
  illegalState(status === 'withdrawn' ? m.withdrawn : status === 'closed' ? m.closed : m.notEditable);

/** Owners reach their claim, staff every claim; a cancelled claim is gone for everyone. */
const view: ClaimGuard = (claim, who) =>
  claim.status === 'cancelled' || (!isOwner(claim, who) && !isClaimStaffActor(who)) ? notFound(m.notFound) : null;

/** `rule` applies only to a claim the actor can see: anything else reads as missing. */
const seen =
  (rule: ClaimGuard): ClaimGuard =>
  (claim, who) =>
    view(claim, who) ?? rule(claim, who);
/** Staff handling: the caller must be claims staff (or a worker), then `rule` applies. */
const staffOnly = (rule: ClaimGuard): ClaimGuard =>
  seen((claim, who) => (isClaimStaffActor(who) ? rule(claim, who) : forbidden(m.staffOnly)));
const refuseUnless = (allowed: boolean, refusal: () => DomainError) => (allowed ? null : refusal());
/**
 * An admin's hat on a claim they can see, whatever its state: they see and change the parts, and
 * their changes go through an explained amendment (contrast, explanations, saveLog).
 */
const amend: ClaimGuard = seen((_claim, who) => refuseUnless(isAdmin(who.roles), () => forbidden(m.adminOnly)));

export const claimGuards: Record<ClaimAction, ClaimGuard> = {
  view,
  save: seen((claim, who) =>
    refuseUnless(isOwner(claim, who) && isCustomerEditable(claim.status), () =>
      // Staff change someone else's claim only through an explained amendment.
      isClaimStaffActor(who) && !isOwner(claim, who)
        ? illegalState(m.changesNeedExplanation)
        : notEditable(claim.status),
    ),
  ),
  // An admin who owns the claim is its owner first. Other admins submit what is stored, also again once
  // submitted; the decider checks that their form is unchanged.
  submit: seen((claim, who) =>
    refuseUnless(
      isOwner(claim, who)
        ? isCustomerEditable(claim.status)
        : isAdmin(who.roles) && (isCustomerEditable(claim.status) || claim.status === 'submitted'),
      () => notEditable(claim.status),
    ),
  ),
  back: seen((claim, who) =>
    refuseUnless(isOwner(claim, who) && claim.status === 'editing', () => illegalState(m.backOnlyNew)),
  ),
  withdraw: seen((claim) => refuseUnless(claim.status !== 'withdrawn', () => illegalState(m.withdrawn))),
  // An amendment can be saved until the claim is finished.
  edit: (claim, who) =>
    amend(claim, who) ?? refuseUnless(!isClaimFinished(claim.status), () => illegalState(m.amendNotAllowed)),
  pictures: seen((claim) => refuseUnless(!isClaimFinished(claim.status), () => illegalState(m.picturesClosed))),
  accept: staffOnly((claim) => refuseUnless(claim.status === 'submitted', () => illegalState(m.acceptOnlySubmitted))),
  requestEvidence: staffOnly((claim) =>
    refuseUnless(claim.status === 'submitted' || claim.status === 'processing', () =>
      illegalState(m.evidenceNotAllowed),
    ),
  ),
  assess: staffOnly((claim) => refuseUnless(claim.status === 'processing', () => illegalState(m.assessOnlyProcessing))),
  close: staffOnly((claim) => refuseUnless(claim.status === 'processing', () => illegalState(m.closeOnlyProcessing))),
  reopen: staffOnly((claim) => refuseUnless(claim.status === 'closed', () => illegalState(m.reopenOnlyClosed))),
  assign: staffOnly((claim) => refuseUnless(!isClaimFinished(claim.status), () => illegalState(m.assignFinished))),
  history: view,
  // The operation log (listLogById, its CSV) is the admins'.
  log: amend,
  amend,
};

/** Why `who` may not do `action` to the claim now, or null when they may. */
export const claimRefusal = (action: ClaimAction, claim: Claim, who: ClaimActor): DomainError | null =>
  claim.status === 'none' ? notFound(m.notFound) : claimGuards[action](claim, who);

/** The claim when `who` may do `action` to it now; otherwise the guard's refusal is thrown. */
export const guardClaim = (action: ClaimAction, claim: Claim, who: ClaimActor): ClaimRecord => {
  const refusal = claimRefusal(action, claim, who);
  if (refusal || claim.status === 'none') throw refusal ?? notFound(m.notFound);
  return claim;
};
