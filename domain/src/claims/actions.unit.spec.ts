import { describe, expect, it } from 'vitest';
import { allowedClaimActions, type ClaimAction } from './actions.ts';
import type { ClaimStatus } from './claim.events.ts';

const owner = { sub: '13800000001', roles: ['user'] };
const stranger = { sub: '13900000009', roles: ['user'] };
const admin = { sub: 'admin1', roles: ['admin'] };
const staff = { sub: 'staff1', roles: ['claims'] };
/** An admin who filed a claim of their own: both hats at once. */
const adminOwner = { sub: owner.sub, roles: ['user', 'admin'] };

const actions = (status: ClaimStatus, caller: { sub: string; roles: string[] }) =>
  allowedClaimActions({ status, owner: owner.sub }, caller);

describe('allowedClaimActions', () => {
  it('gives the owner the customer buttons per state', () => {
    const expected: Record<Exclude<ClaimStatus, 'cancelled'>, ClaimAction[]> = {
      editing: ['view', 'save', 'submit', 'back', 'withdraw', 'pictures', 'history'],
      saved: ['view', 'save', 'submit', 'withdraw', 'pictures', 'history'],
      submitted: ['view', 'withdraw', 'pictures', 'history'],
      processing: ['view', 'withdraw', 'pictures', 'history'],
      closed: ['view', 'withdraw', 'history'],
      withdrawn: ['view', 'history'],
    };
    for (const [status, list] of Object.entries(expected))
      expect(actions(status as ClaimStatus, owner), status).toEqual(list);
  });

  it('lets an admin submit what is stored in editing, saved and submitted, and edit until closed', () => {
    expect(actions('editing', admin)).toEqual([
      'view',
      'submit',
      'withdraw',
      'edit',
      'pictures',
      'assign',
      'history',
      'log',
      'amend',
    ]);
    expect(actions('submitted', admin)).toEqual([
      'view',
      'submit',
      'withdraw',
      'edit',
      'pictures',
      'accept',
      'requestEvidence',
      'assign',
      'history',
      'log',
      'amend',
    ]);
    expect(actions('processing', admin)).toEqual([
      'view',
      'withdraw',
      'edit',
      'pictures',
      'requestEvidence',
      'assess',
      'close',
      'assign',
      'history',
      'log',
      'amend',
    ]);
    expect(actions('closed', admin)).toEqual(['view', 'withdraw', 'reopen', 'history', 'log', 'amend']);
    expect(actions('withdrawn', admin)).toEqual(['view', 'history', 'log', 'amend']);
  });

  it('gives claims staff the handling steps but no submit or edit', () => {
    expect(actions('editing', staff)).toEqual(['view', 'withdraw', 'pictures', 'assign', 'history']);
    expect(actions('saved', staff)).toEqual(['view', 'withdraw', 'pictures', 'assign', 'history']);
    expect(actions('submitted', staff)).toEqual([
      'view',
      'withdraw',
      'pictures',
      'accept',
      'requestEvidence',
      'assign',
      'history',
    ]);
    expect(actions('processing', staff)).toEqual([
      'view',
      'withdraw',
      'pictures',
      'requestEvidence',
      'assess',
      'close',
      'assign',
      'history',
    ]);
    expect(actions('closed', staff)).toEqual(['view', 'withdraw', 'reopen', 'history']);
    expect(actions('withdrawn', staff)).toEqual(['view', 'history']);
  });

  it('offers accept only to staff on a submitted claim, back only to the owner in editing, nothing to strangers', () => {
    const statuses: ClaimStatus[] = ['editing', 'saved', 'submitted', 'processing', 'closed', 'withdrawn'];
    for (const status of statuses) {
      for (const caller of [owner, admin, staff, stranger]) {
        const list = actions(status, caller);
        expect(list.includes('accept'), `${status} ${caller.sub}`).toBe(
          status === 'submitted' && caller !== owner && caller !== stranger,
        );
        expect(list.includes('back'), `${status} ${caller.sub}`).toBe(status === 'editing' && caller === owner);
        expect(list.includes('withdraw'), `${status} ${caller.sub}`).toBe(
          status !== 'withdrawn' && caller !== stranger,
        );
      }
    }
  });

  it('offers assign to staff in states 1–4 only, never to a customer', () => {
    const statuses: ClaimStatus[] = ['editing', 'saved', 'submitted', 'processing', 'closed', 'withdrawn'];
    for (const status of statuses) {
      const open = status !== 'closed' && status !== 'withdrawn';
      expect(actions(status, staff).includes('assign'), status).toBe(open);
      expect(actions(status, admin).includes('assign'), status).toBe(open);
      expect(actions(status, owner), status).not.toContain('assign');
      expect(actions(status, stranger), status).not.toContain('assign');
    }
  });

  it('never lets a customer submit a submitted claim', () => {
    expect(actions('submitted', owner)).not.toContain('submit');
    expect(actions('submitted', stranger)).not.toContain('submit');
    expect(actions('submitted', admin)).toContain('submit');
  });

  it('shows a stranger no history and no owner or staff buttons', () => {
    for (const action of ['save', 'submit', 'back', 'edit', 'accept', 'history'] as const)
      expect(actions('saved', stranger)).not.toContain(action);
  });

  it('treats an admin owner as owner first: save and submit, no second submit', () => {
    expect(actions('saved', adminOwner)).toEqual([
      'view',
      'save',
      'submit',
      'withdraw',
      'edit',
      'pictures',
      'assign',
      'history',
      'log',
      'amend',
    ]);
    expect(actions('submitted', adminOwner)).toEqual([
      'view',
      'withdraw',
      'edit',
      'pictures',
      'accept',
      'requestEvidence',
      'assign',
      'history',
      'log',
      'amend',
    ]);
  });

  it('gives admins, and only admins, the operation log and the amendment hat on every claim they see', () => {
    const statuses: ClaimStatus[] = ['editing', 'saved', 'submitted', 'processing', 'closed', 'withdrawn'];
    for (const status of statuses) {
      for (const caller of [admin, adminOwner]) {
        expect(actions(status, caller), status).toContain('log');
        expect(actions(status, caller), status).toContain('amend');
      }
      for (const caller of [owner, staff, stranger]) {
        expect(actions(status, caller), status).not.toContain('log');
        expect(actions(status, caller), status).not.toContain('amend');
      }
    }
  });

  it('offers nothing on a cancelled claim', () => {
    for (const caller of [owner, admin, staff, stranger]) expect(actions('cancelled', caller)).toEqual([]);
  });
});
