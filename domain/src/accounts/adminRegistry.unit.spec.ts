import { DeciderSpecification } from '@event-driven-io/emmett';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors.ts';
import { ResultCode } from '../shared/codes.ts';
import {
  adminRegistryDecider,
  adminRegistryMessages,
  type AdminRegistryCommand,
  type AdminRegistryEvent,
} from './adminRegistry.ts';
import { roleChanges } from './roleAdmin.ts';

const now = new Date('2026-11-21T08:00:00.000Z');
const at = now.toISOString();
const A = '13900000001';
const B = '13900000002';
const registered = (mobilePhone: string): AdminRegistryEvent => ({
  type: 'AdminRegistered',
  data: { mobilePhone, by: 'system', at },
});
const deregister = (mobilePhone: string, by = A): AdminRegistryCommand => ({
  type: 'DeregisterAdmin',
  data: { mobilePhone, by },
  metadata: { now },
});
const spec = DeciderSpecification.for(adminRegistryDecider);
const lastAdmin = [
  DomainError,
  (e: DomainError) => e.message === adminRegistryMessages.lastAdmin && e.code === ResultCode.conflict,
] as const;

describe('admin registry', () => {
  it('registers an admin once', () => {
    const register: AdminRegistryCommand = {
      type: 'RegisterAdmin',
      data: { mobilePhone: A, by: 'system' },
      metadata: { now },
    };
    spec([])
      .when(register)
      .then([registered(A)]);
    spec([registered(A)])
      .when(register)
      .thenNothingHappened();
  });

  it('deregisters an admin while another remains', () => {
    spec([registered(A), registered(B)])
      .when(deregister(B))
      .then([{ type: 'AdminDeregistered', data: { mobilePhone: B, by: A, at } }]);
  });

  it('refuses to remove the last admin, even one it does not hold when nobody else is registered', () => {
    spec([registered(A)])
      .when(deregister(A))
      .thenThrows(...lastAdmin);
    spec([registered(A), registered(B), { type: 'AdminDeregistered', data: { mobilePhone: B, by: A, at } }])
      .when(deregister(A, B))
      .thenThrows(...lastAdmin);
    spec([])
      .when(deregister(B))
      .thenThrows(...lastAdmin);
  });

  it('lets an account it does not hold go when someone else is registered (nothing to record)', () => {
    spec([registered(A)])
      .when(deregister(B))
      .thenNothingHappened();
  });
});

describe('role editor changes', () => {
  it('grants the newly ticked roles and revokes the unticked ones, never user', () => {
    expect(roleChanges(['user', 'admin', 'claims'], ['claims', 'auditor'])).toEqual({
      grant: ['auditor'],
      revoke: ['admin'],
    });
    expect(roleChanges(['user'], ['user'])).toEqual({ grant: [], revoke: [] });
  });
});
