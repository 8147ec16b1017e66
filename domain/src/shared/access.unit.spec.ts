import { describe, expect, it } from 'vitest';
import { resourcePolicies, routeAccess } from '../policies.ts';
import {
  areaStaff,
  customer,
  internal,
  mayCall,
  publicAccess,
  registered,
  ruleStaff,
  type CallerClass,
} from './access.ts';

const none: CallerClass = { session: 'none', roles: [] };
const guest: CallerClass = { session: 'guest', roles: [] };
const user: CallerClass = { session: 'registered', roles: ['user'] };
const claims: CallerClass = { session: 'registered', roles: ['user', 'claims'] };
const auditor: CallerClass = { session: 'registered', roles: ['user', 'auditor'] };

describe('mayCall', () => {
  it('lets anyone call public and internal routes, any session customer routes, accounts registered ones', () => {
    for (const caller of [none, guest, user]) expect(mayCall(publicAccess, caller)).toBe(true);
    expect(mayCall(internal, none)).toBe(true);
    expect([none, guest, user].map((c) => mayCall(customer, c))).toEqual([false, true, true]);
    expect([none, guest, user].map((c) => mayCall(registered, c))).toEqual([false, false, true]);
  });

  it('lets staff and rule-platform routes be called by their roles only', () => {
    expect([user, claims, auditor].map((c) => mayCall(areaStaff('claims'), c))).toEqual([false, true, false]);
    expect([user, claims, auditor].map((c) => mayCall(ruleStaff('ruleList'), c))).toEqual([false, false, true]);
  });
});

describe('the resource policies', () => {
  it('classify each route once, and the merged table holds every one', () => {
    const keys = resourcePolicies.flatMap((policy) => Object.keys(policy.routes));
    expect(new Set(keys).size).toBe(keys.length);
    expect(Object.keys(routeAccess).sort()).toEqual([...keys].sort());
  });

  it('say that orders and claims take their actions from the domain guards', () => {
    const actions = Object.fromEntries(resourcePolicies.map((policy) => [policy.resource, policy.actions]));
    expect(actions.ordering).toContain('ordering/actions.ts');
    expect(actions.claims).toContain('claims/actions.ts');
  });
});
