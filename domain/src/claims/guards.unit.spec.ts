import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ResultCode } from '../shared/codes.ts';
import { DomainError } from '../shared/errors.ts';
import { allowedClaimActions, claimActions, type ClaimAction } from './actions.ts';
import { diffClaimForms } from './changes.ts';
import { decideClaim, type ClaimCommand, type ClaimMetadata } from './claim.commands.ts';
import { evolveClaim, initialClaim, pictureIdOf, type Claim, type ClaimRecord } from './claim.events.ts';
import { claimFormOf, claimReportInput } from './fixtures.ts';
import { claimRefusal, type ClaimActor } from './guards.ts';
import type { PolicySnapshot } from './policy.ts';

/**
 * The action list and the decider are one rule: for any reachable claim, any actor and any time, an
 * action is listed exactly when its command (with valid input) is accepted, and a refusal is the
 * guard's own code and reason.
 */

const OWNER = '13800000001';
const actors = {
  owner: { actor: OWNER, roles: ['user'] },
  otherCustomer: { actor: '13900000009', roles: ['user'] },
  claimsStaff: { actor: '13700000001', roles: ['claims'] },
  admin: { actor: '13600000001', roles: ['admin'] },
  /** An admin who filed a claim of their own: both hats at once. */
  adminOwner: { actor: OWNER, roles: ['user', 'admin'] },
  system: { actor: 'system', roles: [], system: true },
} satisfies Record<string, ClaimActor>;
type ActorName = keyof typeof actors;
const actorNames = Object.keys(actors) as ActorName[];
const actor = (name: ActorName): ClaimActor => actors[name];

const policy: PolicySnapshot = {
  orderId: 'o1',
  orderNo: 'FB20261123000001',
  policyNo: 'P0001',
  insurerId: 1,
  insurerName: '保险公司1',
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  totalPremium: 3000,
  lines: [
    {
      key: 'hull',
      insuranceTypeId: 1,
      name: '机身险',
      droneName: 'M300',
      insuranceAmount: 5,
      premium: 2000,
      deductible: '免赔10%或1000元',
    },
  ],
  drones: [{ deviceNumber: 'UAV-1', manufacturer: '大疆', model: 'M300' }],
};
const form = claimFormOf(claimReportInput());
const dueAt = '2026-12-07T02:00:00.000Z';

/** A command carrying valid input for `action` on this claim: only the guard can refuse it. */
/** Actions that are no command of their own: reads, and the admin's hat (`amend`). */
type Uncommanded = 'view' | 'history' | 'log' | 'amend';
const commandFor = (action: Exclude<ClaimAction, Uncommanded>, claim: ClaimRecord, meta: ClaimMetadata) => {
  const cmd = <T extends ClaimCommand['type']>(type: T, data: Extract<ClaimCommand, { type: T }>['data']) =>
    ({ type, data, metadata: meta }) as ClaimCommand;
  switch (action) {
    case 'save':
      return cmd('SaveClaim', { form });
    case 'submit':
      return cmd('SubmitClaim', { form: claim.form, acceptDueAt: dueAt });
    case 'back':
      return cmd('CancelClaim', {});
    case 'withdraw':
      return cmd('WithdrawClaim', { reason: null });
    case 'edit': {
      const amended = { ...claim.form, accidentAddress: `${claim.form.accidentAddress ?? ''}改` };
      const explanations = Object.fromEntries(diffClaimForms(claim.form, amended).map((c) => [c.path, '客户来电更正']));
      return cmd('AmendClaim', { form: amended, basedOnVersion: claim.version, explanations });
    }
    case 'pictures': {
      const n = Object.keys(claim.pictures).length + 1;
      return cmd('AddPicture', {
        pictureId: pictureIdOf(claim.claimId, `p${n}`),
        name: 'a.jpg',
        mime: 'image/jpeg',
        size: 1024,
        storedAs: `claims/${claim.claimId}/p${n}.jpg`,
      });
    }
    case 'accept':
      return cmd('AcceptClaim', { reason: null, closeDueAt: dueAt });
    case 'requestEvidence':
      return cmd('RequestEvidence', { message: '请补充飞行日志' });
    case 'assess':
      return cmd('AssessClaim', { losses: [{ lineKey: 'hull', kind: 'drone', lossAmount: 8000 }], reason: null });
    case 'close':
      return cmd('CloseClaim', { reason: '已赔付' });
    case 'reopen':
      return cmd('ReopenClaim', { reason: '补充赔付', closeDueAt: dueAt });
    case 'assign':
      return cmd('AssignClaim', { assignee: '13700000001' });
    default:
      throw new Error(`no command for ${action satisfies never}`);
  }
};
const uncommanded: readonly ClaimAction[] = ['view', 'history', 'log', 'amend'] satisfies Uncommanded[];
const commanded = claimActions.filter((a): a is Exclude<ClaimAction, Uncommanded> => !uncommanded.includes(a));

const decide = (command: ClaimCommand, state: Claim) => {
  try {
    return { events: decideClaim(command, state), refusal: null };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { events: [], refusal: error };
  }
};

const T0 = new Date('2026-11-01T00:00:00.000Z').getTime();
const at = fc.integer({ min: 0, max: 60 * 86_400_000 }).map((ms) => new Date(T0 + ms));
const step = fc.record({ action: fc.constantFrom(...commanded), actor: fc.constantFrom(...actorNames), now: at });

/** A reachable claim: opened by its owner, then whatever commands random actors sent that the decider took. */
const history = fc.array(step, { maxLength: 25 }).map((steps) => {
  const opened: ClaimCommand = {
    type: 'OpenClaim',
    data: { claimId: 'c1', claimNo: 'LP20261101000001', orderId: 'o1', owner: OWNER, policy },
    metadata: { ...actors.owner, now: new Date(T0) },
  };
  let state = decideClaim(opened, initialClaim()).reduce(evolveClaim, initialClaim());
  for (const s of steps) {
    if (state.status === 'none' || state.status === 'cancelled') break;
    const { events } = decide(commandFor(s.action, state, { ...actor(s.actor), now: s.now }), state);
    state = events.reduce(evolveClaim, state);
  }
  return state as ClaimRecord;
});

describe('claim guards: the action list is what the decider accepts', () => {
  it('lists an action exactly when its command is accepted, and refuses with the guard’s reason', () => {
    fc.assert(
      fc.property(history, fc.constantFrom(...actorNames), at, (claim, name, now) => {
        const who = actor(name);
        const listed = allowedClaimActions(claim, { sub: who.actor, roles: who.roles, system: who.system });
        for (const action of commanded) {
          const { refusal } = decide(commandFor(action, claim, { ...who, now }), claim);
          expect(listed.includes(action), `${action} by ${name} on ${claim.status}`).toBe(refusal === null);
          const guard = claimRefusal(action, claim, who);
          expect({ code: refusal?.code, message: refusal?.message }).toEqual({
            code: guard?.code,
            message: guard?.message,
          });
        }
      }),
      { numRuns: 500 },
    );
  });

  it('lists view and history exactly when the decider does not answer "not found"', () => {
    fc.assert(
      fc.property(history, fc.constantFrom(...actorNames), at, (claim, name, now) => {
        const who = actor(name);
        const listed = allowedClaimActions(claim, { sub: who.actor, roles: who.roles, system: who.system });
        const hidden = commanded.every(
          (action) => decide(commandFor(action, claim, { ...who, now }), claim).refusal?.code === ResultCode.notFound,
        );
        expect(listed.includes('view')).toBe(!hidden);
        expect(listed.includes('history')).toBe(!hidden);
      }),
      { numRuns: 300 },
    );
  });

  it('lists amend and log exactly when an amendment is refused for the claim’s state at most, never for who asks', () => {
    fc.assert(
      fc.property(history, fc.constantFrom(...actorNames), at, (claim, name, now) => {
        const who = actor(name);
        const listed = allowedClaimActions(claim, { sub: who.actor, roles: who.roles, system: who.system });
        const { refusal } = decide(commandFor('edit', claim, { ...who, now }), claim);
        const asAdmin = refusal === null || refusal.code === ResultCode.conflict;
        expect(listed.includes('amend'), `amend by ${name} on ${claim.status}`).toBe(asAdmin);
        expect(listed.includes('log'), `log by ${name} on ${claim.status}`).toBe(asAdmin);
        // A finished claim keeps the admin's hat (parts shown, log read) but takes no amendment.
        if (asAdmin) expect(listed.includes('edit')).toBe(refusal === null);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses an admin owner a second submit, as their list shows', () => {
    const owned = fc.sample(history, { numRuns: 2000, seed: 1 }).find((c) => c.status === 'submitted');
    if (!owned) throw new Error('no submitted claim sampled');
    const adminOwner = actor('adminOwner');
    expect(allowedClaimActions(owned, { sub: adminOwner.actor, roles: adminOwner.roles })).not.toContain('submit');
    expect(decide(commandFor('submit', owned, { ...adminOwner, now: new Date(T0) }), owned).refusal?.code).toBe(
      ResultCode.conflict,
    );
  });
});
