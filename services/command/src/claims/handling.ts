import { randomInt, randomUUID } from 'node:crypto';
import { backofficeRoles, hasRole } from '@feibao/domain/accounts/roles';
import {
  blocksNewClaim,
  policyAdmittingClaim,
  policyClaimsDecider,
  policyClaimsStreamId,
} from '@feibao/domain/claims/policyClaims';
import { claimDecider, type ClaimCommand, type ClaimMetadata } from '@feibao/domain/claims/claim.commands';
import { claimMessages } from '@feibao/domain/claims/messages';
import { claimNumber, slaDueAt } from '@feibao/domain/claims/sla';
import {
  claimStreamId,
  evolveClaim,
  initialClaim,
  type Claim,
  type ClaimEvent,
} from '@feibao/domain/claims/claim.events';
import { diffClaimForms } from '@feibao/domain/claims/changes';
import { DomainError } from '@feibao/domain/shared/errors';
import { claimRefusal, guardClaim } from '@feibao/domain/claims/guards';
import {
  normaliseClaimForm,
  parseClaimForm,
  validateClaimForm,
  type ClaimForm,
  type ClaimPart,
} from '@feibao/domain/claims/form';
import { orderDecider } from '@feibao/domain/ordering/order.commands';
import { orderStreamId } from '@feibao/domain/ordering/order.events';
import { PHONE_PATTERN } from '@feibao/domain/accounts/validation';
import { claimableDeviceCodes, policySnapshot } from '@feibao/domain/claims/policy';
import { ResultCode } from '@feibao/domain/shared/codes';
import { userDecider } from '@feibao/domain/accounts/user.commands';
import { userStreamId } from '@feibao/domain/accounts/user.events';
import type { ContrastAnswer } from '@feibao/domain/claims/api';
import { aggregate, handleCommand, load, loadMany, type HandleOptions } from '@feibao/platform/eventStore';
import { HttpError } from '@feibao/platform/http/envelope';
import type { CommandDeps } from '../deps.ts';

/**
 * The claims slice's command handling, between the routes (which translate HTTP) and the domain
 * (which decides): what needs more than one stream read or written, and the form as the caller may
 * store it. Refusals are the domain's (DomainError) or bad input (HttpError 40000).
 */

/** The form as the caller may store it: the parts are the admins' (`amend`), so anyone else's stored parts are kept. */
export const acceptClaimForm = (body: unknown, state: Claim, meta: ClaimMetadata, forSubmit: boolean): ClaimForm => {
  // Checked against the stored claim the caller can see; the decider rules on the rest.
  const claim = guardClaim('view', state, meta);
  const parsed = parseClaimForm(body);
  if (!parsed.ok) throw new HttpError(ResultCode.badRequest, parsed.message);
  const storedParts = !claimRefusal('amend', claim, meta)
    ? undefined
    : new Map<string, ClaimPart[]>(claim.form.settlementUavInfoList.map((d) => [d.deviceNumber ?? '', d.partInfoList]));
  const form = normaliseClaimForm(parsed.form, storedParts);
  const refusal = validateClaimForm(form, {
    now: meta.now,
    insuredDeviceCodes: claimableDeviceCodes(claim.policy),
    removedDrones: claim.policy.removedDrones,
    forSubmit,
  });
  if (refusal) throw new HttpError(ResultCode.badRequest, refusal);
  return form;
};

export type OpenClaimOutcome =
  | { kind: 'opened'; claimId: string; position: number | null }
  | { kind: 'unfinishedExists'; claimId: string };

export const claimHandling = (deps: CommandDeps) => {
  const handle = (
    id: string,
    command: ClaimCommand | ((state: Claim) => ClaimCommand),
    options?: HandleOptions<Claim>,
  ) => handleCommand(deps.eventStore, claimStreamId(id), claimDecider, command, options);

  // The stages' due times run from the caller's now on the configured day (QUOTE_DAY_SECONDS in docs/configuration.md).
  const dueAt = (meta: ClaimMetadata, stage: 'accept' | 'close') =>
    slaDueAt(meta.now, stage, deps.config.quoteDaySeconds);

  const save = (id: string, body: unknown, meta: ClaimMetadata) =>
    handle(id, (state) => ({
      type: 'SaveClaim',
      data: { form: acceptClaimForm(body, state, meta, false) },
      metadata: meta,
    }));

  /** Submitting (again) starts the accept stage's clock. */
  const submit = (id: string, body: unknown, meta: ClaimMetadata) =>
    handle(id, (state) => ({
      type: 'SubmitClaim',
      data: { form: acceptClaimForm(body, state, meta, true), acceptDueAt: dueAt(meta, 'accept') },
      metadata: meta,
    }));

  /** Accepting starts the close stage's clock. */
  const accept = (id: string, reason: string | null, meta: ClaimMetadata) =>
    handle(id, { type: 'AcceptClaim', data: { reason, closeDueAt: dueAt(meta, 'close') }, metadata: meta });

  /** Reopening starts the close stage's clock again. */
  const reopen = (id: string, reason: string, meta: ClaimMetadata) =>
    handle(id, { type: 'ReopenClaim', data: { reason, closeDueAt: dueAt(meta, 'close') }, metadata: meta });

  /**
   * Only the caller's own policy, in force, inside its period; one unfinished claim per policy. The
   * claim is registered on the policy's stream first, against the latest claim seen there, so two
   * concurrent applications cannot both pass; the loser looks again.
   */
  const openClaim = async (orderId: string, meta: ClaimMetadata): Promise<OpenClaimOutcome> => {
    // The order and the policy's claim registry in one read; the registry is then written from what was read.
    const registryStream = policyClaimsStreamId(orderId);
    const [orderRead, registryRead] = await loadMany(deps.eventStore, [
      { streamId: orderStreamId(orderId), decider: orderDecider },
      { streamId: registryStream, decider: policyClaimsDecider },
    ] as const);
    const order = policyAdmittingClaim(orderRead.state, meta.actor, meta.now);

    const newId = randomUUID();
    let registry = registryRead;
    for (let attempt = 0; ; attempt++) {
      if (attempt > 0) registry = await load(deps.eventStore, registryStream, policyClaimsDecider);
      const { lastClaimId } = registry.state;
      if (lastClaimId) {
        const latest = await aggregate(deps.eventStore, claimStreamId(lastClaimId), claimDecider);
        if (blocksNewClaim(registry.state, latest, meta.now)) return { kind: 'unfinishedExists', claimId: lastClaimId };
      }
      try {
        await handleCommand(
          deps.eventStore,
          registryStream,
          policyClaimsDecider,
          {
            type: 'RegisterPolicyClaim',
            data: { orderId, claimId: newId, latestSeen: lastClaimId },
            metadata: { now: meta.now },
          },
          { from: registry },
        );
        break;
      } catch (error) {
        // Someone registered a claim on this policy meanwhile: look again (it is probably unfinished).
        if (!(error instanceof DomainError) || attempt >= 2) throw error;
      }
    }
    const opened = await handle(
      newId,
      {
        type: 'OpenClaim',
        data: {
          claimId: newId,
          claimNo: claimNumber(meta.now, randomInt(0, 1_000_000)),
          orderId,
          owner: order.owner,
          policy: policySnapshot(order),
        },
        metadata: meta,
      },
      { from: 'new' },
    );
    return { kind: 'opened', claimId: newId, position: opened.position };
  };

  /**
   * The claim now and as it stood at `seenVersion`, from one read of its stream. Versions move with
   * every event (a picture processed, a timer), so it is the form that tells whether someone changed it.
   */
  const formChangedSince = async (id: string, seenVersion: number | null) => {
    const { events } = await deps.eventStore.readStream<ClaimEvent>(claimStreamId(id));
    let state = initialClaim();
    let seen: Claim | null = null;
    for (const event of events) {
      state = evolveClaim(state, event);
      if (state.version === seenVersion) seen = state;
    }
    if (seenVersion === null || seenVersion >= state.version || state.status === 'none')
      return { state, changed: false };
    const changed = !seen || seen.status === 'none' || diffClaimForms(seen.form, state.form).length > 0;
    return { state, changed };
  };

  /**
   * Admin: one row per changed field against the stored claim, and the version compared against.
   * With the version the admin's form was loaded at, a form someone else changed since is refused
   * instead of compared: the rows would silently undo that change.
   */
  const contrast = async (
    id: string,
    body: unknown,
    seenVersion: number | null,
    meta: ClaimMetadata,
  ): Promise<ContrastAnswer> => {
    const { state, changed } = await formChangedSince(id, seenVersion);
    const claim = guardClaim('amend', state, meta);
    if (changed) throw new HttpError(ResultCode.conflict, claimMessages.changedSinceLoaded);
    const form = acceptClaimForm(body, claim, meta, false);
    return { id, version: claim.version, rows: diffClaimForms(claim.form, form) };
  };

  /** Admin: the amendment and every field's explanation, in one append against the version compared. */
  const amend = async (
    id: string,
    { form, version, explanations }: { form: unknown; version: number; explanations: Record<string, string> },
    meta: ClaimMetadata,
  ) => {
    // A timer or a processed picture moves the version without touching the form; only a form changed since
    // the comparison (or a version never seen) makes the explained rows stale.
    const { state: read, changed } = await formChangedSince(id, version);
    const stale = changed || version > read.version;
    return handle(id, (state) => ({
      type: 'AmendClaim',
      data: {
        form: acceptClaimForm(form, state, meta, false),
        // Unchanged form, nothing appended since the read: the amendment stands on the claim as it is now.
        basedOnVersion: !stale && state.version === read.version ? state.version : version,
        explanations,
      },
      metadata: meta,
    }));
  };

  /** Only an active account holding `claims` or `admin` can take claims; the user stream is the truth. */
  const requireClaimsStaff = async (phone: string) => {
    if (!PHONE_PATTERN.test(phone)) throw new HttpError(ResultCode.badRequest, claimMessages.notClaimsStaff);
    const user = await aggregate(deps.eventStore, userStreamId(phone), userDecider);
    if (user.status !== 'active' || !hasRole(user.roles, ...backofficeRoles.claims))
      throw new HttpError(ResultCode.badRequest, claimMessages.notClaimsStaff);
  };

  /** A named assignee must be claims staff; null unassigns. */
  const assign = async (id: string, assignee: string | null, meta: ClaimMetadata) => {
    if (assignee !== null) await requireClaimsStaff(assignee);
    return handle(id, { type: 'AssignClaim', data: { assignee }, metadata: meta });
  };

  return { handle, save, submit, accept, reopen, openClaim, contrast, amend, assign };
};
export type ClaimHandling = ReturnType<typeof claimHandling>;
