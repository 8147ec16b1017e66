import { describe, expect, it } from 'vitest';
import type { User } from '../accounts/user.events.ts';
import { ResultCode } from '../shared/codes.ts';
import { canRead, hasRole } from '../accounts/roles.ts';
import { generalApplication, prepared, trainingApplication } from './fixtures.ts';
import { visibleInsurers } from './catalogue.ts';
import {
  chooseInsurers,
  mayAskForQuotes,
  nextRound,
  orderIdOfRequest,
  orderNumber,
  orderToWrite,
  planInquiry,
  requestIdOf,
} from './inquiry.ts';
import { buildPlanLines } from './plan.ts';
import { orderMessages } from './messages.ts';
import { evolveOrder, initialOrder, type Order, type OrderEvent } from './order.events.ts';

const now = new Date('2026-11-23T02:00:00.000Z'); // Monday 10:00 in Shanghai
const general = prepared(generalApplication());
const training = prepared(trainingApplication());
const plan = (form = general, draws: number[] = [0, 0.5, 0.9]) => {
  const random = () => draws.shift() ?? 0;
  return planInquiry({ form, orderId: 'o1', round: 2, now, random, quoteDaySeconds: 86_400, quoteDeadlineDays: 5 });
};

describe('inquiry planning', () => {
  it('asks the insurers a general order picked, one request each, with ids that lead back to the order', () => {
    const { insurers, requests, lines } = plan();
    expect(insurers.map((i) => i.id)).toEqual([1, 2]);
    expect(requests.map((r) => r.requestId)).toEqual(['o1.2.1', 'o1.2.2']);
    expect(requests.map((r) => orderIdOfRequest(r.requestId))).toEqual(['o1', 'o1']);
    expect(lines).toEqual(buildPlanLines(general));
  });

  it('asks every visible insurer for a training order', () => {
    expect(plan(training).insurers.map((i) => i.id)).toEqual(visibleInsurers.map((i) => i.id));
  });

  it('refuses an empty choice of insurers', () => {
    expect(() => chooseInsurers({ ...general, insuranceCompanyList: [] })).toThrow('投保公司不能为空');
    expect(() =>
      chooseInsurers({ ...general, insuranceCompanyList: [{ id: 999, name: '?' }] } as typeof general),
    ).toThrow('投保公司不能为空');
  });

  it('draws each turnaround (1–3 working days) from the random source; the deadline is fixed', () => {
    const { requests } = plan(general, [0, 0.9]);
    expect(requests.map((r) => r.requestedAt)).toEqual([now.toISOString(), now.toISOString()]);
    expect(requests.map((r) => r.answerDueAt)).toEqual(['2026-11-24T02:00:00.000Z', '2026-11-26T02:00:00.000Z']);
    expect(new Set(requests.map((r) => r.deadlineAt))).toEqual(new Set(['2026-11-30T02:00:00.000Z']));
  });

  it('numbers rounds from the order state', () => {
    expect(nextRound(initialOrder())).toBe(1);
    expect(requestIdOf('o1', nextRound({ status: 'awaitingInquiry', round: 3 } as Order), 7)).toBe('o1.4.7');
  });

  it('formats order numbers from the Shanghai date and a serial', () => {
    expect(orderNumber(new Date('2026-11-22T17:00:00.000Z'), 42)).toBe('FB20261123000042');
  });
});

describe('which order a save or inquiry writes', () => {
  const draft: OrderEvent = {
    type: 'OrderDraftSaved',
    data: { orderId: 'o1', orderNo: 'FB1', owner: 'me', orderType: 0, form: general, savedAt: now.toISOString() },
  };
  const order = evolveOrder(initialOrder(), draft);

  it("writes the caller's own order; someone else's or a missing one reads as missing", () => {
    expect(orderToWrite(order, 'me')).toBe('same');
    expect(() => orderToWrite(order, 'someone')).toThrow('订单不存在');
    expect(() => orderToWrite(initialOrder(), 'me')).toThrow('订单不存在');
  });

  it('starts a new order from a lapsed one', () => {
    expect(orderToWrite({ ...order, status: 'lapsed' } as unknown as Order, 'me')).toBe('new');
  });
});

describe('access policy', () => {
  it('passes a caller holding any wanted role', () => {
    expect(hasRole(['user', 'admin'], 'admin')).toBe(true);
    expect(hasRole(['user'], 'admin', 'auditor')).toBe(false);
    expect(hasRole(['auditor'], 'admin', 'auditor')).toBe(true);
  });
  it('lets owners and staff read a record, nobody else', () => {
    expect(canRead({ sub: 'me', roles: ['user'] }, 'me')).toBe(true);
    expect(canRead({ sub: 'me', roles: ['user'] }, 'you')).toBe(false);
    expect(canRead({ sub: 'staff', roles: ['user', 'admin'] }, 'you')).toBe(true);
  });
});

describe('who may ask for quotes', () => {
  const profile = {
    enterpriseName: '飞保测试公司',
    phone: '13900000000',
    email: 'ops@example.com',
    unifiedSocialCreditCode: '91310000MA1FL0000X',
    insuredType: 1,
    theInsured: 1 as const,
  } as never;
  const user = (p: unknown): User => ({
    status: 'active',
    mobilePhone: '13800000000',
    name: '张三',
    registerType: 2,
    passwordHash: 'x',
    roles: ['user'],
    profile: p as never,
  });

  it('lets a registered user with a complete profile ask', () => {
    expect(mayAskForQuotes(user(profile))).toBeNull();
  });

  it('answers 30000 请完善用户信息 to a guest, an unknown user and an incomplete profile', () => {
    for (const who of [
      null,
      { status: 'unregistered' } as const,
      user(null),
      user({ ...(profile as object), email: '' }),
    ]) {
      const refusal = mayAskForQuotes(who);
      expect(refusal?.code).toBe(ResultCode.special);
      expect(refusal?.message).toBe(orderMessages.profileIncomplete);
    }
  });
});
