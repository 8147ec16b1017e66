import { isClaimsStaff } from '../accounts/roles.ts';
import { maskIdNumbersIn, maskPersonalText, maskPhone } from '../shared/masking.ts';
import type { HistoryEntry } from './history.ts';

/**
 * What of a claim a reader sees whole and what masked (docs/security.md): the claimant's own data
 * is theirs and the claims staff's; staff phones and picture metadata are the staff's.
 */

/** Who reads: the signed-in caller. */
export type ClaimReader = { sub: string; roles: readonly string[] };

/** The claimant's own data (their phone, the injured's ID numbers) is shown whole to them and to staff, masked to anyone else. */
export const seesClaimantWhole = (who: ClaimReader, owner: string) => who.sub === owner || isClaimsStaff(who.roles);

/** A staff member's phone (the assignee) is for staff; the claimant sees it masked. */
export const staffPhoneFor = (who: ClaimReader, phone: string | null) =>
  phone === null || isClaimsStaff(who.roles) || phone === who.sub ? phone : maskPhone(phone);

/**
 * A list shows many claimants at once: only the claimant sees their own number whole; staff open the
 * claim (details) when they need to call.
 */
export const listClaimantFor = (who: ClaimReader, owner: string, userName: string) =>
  owner === who.sub ? userName : maskPhone(userName);

/** Where and when a picture was taken is evidence for the staff, not shown back to the claimant. */
export const seesPictureMetadata = (who: ClaimReader) => isClaimsStaff(who.roles);

/**
 * History rows are text: ID numbers in them (the injured person's, in a diff row or a remark) are
 * always masked — the claim's form shows them whole to whoever needs them — and for the claimant the
 * phones of the staff who acted on the claim are masked too.
 */
export const historyFor = (entries: readonly HistoryEntry[], who: ClaimReader): HistoryEntry[] =>
  isClaimsStaff(who.roles)
    ? entries.map((e) => ({ ...e, details: maskIdNumbersIn(e.details), remark: maskIdNumbersIn(e.remark) }))
    : entries.map((e) => ({
        ...e,
        userName: e.userName === who.sub ? e.userName : maskPersonalText(e.userName),
        details: maskPersonalText(e.details),
        remark: maskPersonalText(e.remark),
      }));
