import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScheduledCheck } from '@feibao/domain/notifications/mapping';
import { shanghaiDate } from '@feibao/domain/shared/calendar';
import { orderDecider } from '@feibao/domain/ordering/order.commands';
import { orderStreamId } from '@feibao/domain/ordering/order.events';
import { handleCommand } from '@feibao/platform/eventStore';
import { registerUser, startTestPlatform, until, type Client, type TestPlatform } from '../support/platform.ts';
import { customerWithPolicy, payAtDevCashier, waitForOrderState, insureWithTerms } from '../support/policies.ts';

/**
 * 续保 through the edge (docs/api/renewal.md): a policy in force is renewed inside its window into a new
 * order quoted by the insurers again, bought and paid as usual; both orders show the chain; a second
 * renewal, someone else's order and a renewal outside the window are refused with the reason.
 * The platform's clock is shifted to near the policy's end once the policy is bought.
 */

const U = '/api/v1/uav';
const DAY = 86_400_000;
let platform: TestPlatform;
let shift = 0;
const now = () => new Date(Date.now() + shift);
/** The day after the last day covered: the cover runs to 24:00 of the Shanghai day of the instant before endDate. */
const dayAfter = (endDate: string) => shanghaiDate(new Date(new Date(endDate).getTime() - 1 + DAY));
/** The services' clock at `ms` from the end of the cover (24:00 of its last day). */
const atEnd = (endDate: string, ms: number) => {
  shift = new Date(`${dayAfter(endDate)}T00:00:00+08:00`).getTime() + ms - Date.now();
};

beforeAll(async () => {
  platform = await startTestPlatform({
    now,
    workersNow: now,
    env: { QUOTE_DAY_SECONDS: '0.2', QUOTE_DEADLINE_DAYS: '300', SMS_HOURLY_PER_ADDRESS: '100000' },
  });
}, 60_000);
afterAll(async () => {
  await platform?.stop();
});

const details = async (client: Client, id: string) => (await client.get(`${U}/order/orderDetails?id=${id}`)).body;
const listRow = async (client: Client, id: string) =>
  ((await client.post(`${U}/order/page`, { currentPage: 1, pageSize: 50 })).body.data.datas as any[]).find(
    (r) => r.id === id,
  );

describe('续保', () => {
  it('renews a policy in force 10 days before its end: a new order quoted by the same insurer, starting the day after, bought as usual', async () => {
    shift = 0;
    const { client, orderId, policy } = await customerWithPolicy(platform);
    expect(policy.actions).not.toContain('renew');
    const early = await client.post(`${U}/order/renew`, { id: orderId });
    expect(early.body).toMatchObject({ code: 40900, message: '距保险止期超过30天，暂不能续保' });

    atEnd(policy.endDate, -10 * DAY);
    expect((await details(client, orderId)).data.actions).toContain('renew');
    expect((await listRow(client, orderId)).actions).toContain('renew');

    const stranger = platform.client();
    await registerUser(stranger);
    expect((await stranger.post(`${U}/order/renew`, { id: orderId })).body.code).toBe(40400);

    const renewed = await client.post(`${U}/order/renew`, { id: orderId });
    expect(renewed.body.code, renewed.body.message).toBe(20000);
    const { id: newId, orderNo: newNo, startDate, gapDays } = renewed.body.data;
    expect(gapDays).toBe(0);
    expect(startDate).toBe(dayAfter(policy.endDate));

    const again = await client.post(`${U}/order/renew`, { id: orderId });
    expect(again.body).toMatchObject({ code: 40900, message: `已续保为 ${newNo}` });

    const old = (await details(client, orderId)).data;
    expect(old.renewedBy).toMatchObject({ orderId: newId, orderNo: newNo });
    expect(old.actions).not.toContain('renew');
    expect((await listRow(client, orderId)).renewedBy).toMatchObject({ orderNo: newNo });

    // Quoted by the simulated insurers and bought on the same (shifted) clock.
    const quoted = await waitForOrderState(client, newId, 2);
    expect(quoted.startDate).toBeNull();
    expect(quoted.renewalOf).toMatchObject({
      orderId,
      orderNo: policy.orderNo,
      policyNo: policy.policyNo,
      previousEndDate: policy.endDate,
      gapDays: 0,
    });
    expect(quoted.quoteProgress.map((q: any) => q.insuranceCompanyId)).toEqual([policy.insuranceCompanyId]);
    expect((await listRow(client, newId)).renewalOf).toMatchObject({ orderNo: policy.orderNo });

    const insured = await insureWithTerms(client, newId, policy.insuranceCompanyId);
    expect(insured.body.code, insured.body.message).toBe(20000);
    await payAtDevCashier(client, insured.body.data.payment);
    // The new cover starts in a year: underwritten, not yet in force, from the day after the old end.
    const underwritten = await waitForOrderState(client, newId, 4);
    expect(underwritten.startDate).toBe(new Date(`${startDate}T00:00:00+08:00`).toISOString());

    // The 续保 reminders of the old policy, fired now: nobody is reminded of a policy already renewed.
    const checks = new Queue<ScheduledCheck>('notification-checks', {
      connection: { url: platform.config.redisUrl },
      prefix: platform.config.queuePrefix,
    });
    try {
      for (const days of [7, 0]) {
        const check: ScheduledCheck = {
          kind: 'policyEnding',
          orderId,
          days,
          endDate: policy.endDate,
          at: now().toISOString(),
        };
        const job = await checks.add(check.kind, check, { jobId: `renewed-${days}` });
        await until(
          () => job.getState(),
          (state) => state === 'completed',
        );
        expect((await checks.getJob(`renewed-${days}`))?.returnvalue).toEqual({ told: false });
      }
    } finally {
      await checks.close();
    }
  }, 60_000);

  it('after the end it starts today and states the gap; the customer may ask other insurers; past the grace days it is refused', async () => {
    shift = 0;
    const { client, orderId, policy } = await customerWithPolicy(platform);
    atEnd(policy.endDate, 3 * DAY + 3600_000);
    const renewed = await client.post(`${U}/order/renew`, { id: orderId, insuranceCompanyIds: [1, 2] });
    expect(renewed.body.code, renewed.body.message).toBe(20000);
    expect(renewed.body.data.gapDays).toBe(3);
    const quoted = await waitForOrderState(client, renewed.body.data.id, 2);
    expect(quoted.renewalOf.gapDays).toBe(3);
    expect(quoted.quoteProgress.map((q: any) => q.insuranceCompanyId).sort()).toEqual([1, 2]);

    const other = await customerWithPolicy(platform);
    atEnd(other.policy.endDate, 15 * DAY + 60_000);
    const late = await other.client.post(`${U}/order/renew`, { id: other.orderId });
    expect(late.body).toMatchObject({ code: 40900, message: '已超过续保宽限期（15天），请重新投保' });
    expect((await details(other.client, other.orderId)).data.actions).not.toContain('renew');

    const unknown = await other.client.post(`${U}/order/renew`, { id: other.orderId, insuranceCompanyIds: ['x'] });
    expect(unknown.body.code).toBe(40000);
    shift = 0;
  }, 90_000);

  it('a renewal recorded on the old order whose new order was never written is finished by the next 续保, under its number', async () => {
    shift = 0;
    const { client, orderId, policy } = await customerWithPolicy(platform);
    atEnd(policy.endDate, -5 * DAY);
    const owner = (await details(client, orderId)).data.userName as string;
    // As if the process stopped between the two appends: RenewalStarted only.
    const renewalOrderId = crypto.randomUUID();
    await handleCommand(platform.command.deps.eventStore, orderStreamId(orderId), orderDecider, {
      type: 'Renew',
      data: { renewalOrderId, renewalOrderNo: 'R-UNFINISHED-1', graceDays: 15 },
      metadata: { now: now(), actor: owner },
    });
    const resumed = await client.post(`${U}/order/renew`, { id: orderId });
    expect(resumed.body.code, resumed.body.message).toBe(20000);
    expect(resumed.body.data).toMatchObject({ id: renewalOrderId, orderNo: 'R-UNFINISHED-1' });
    const created = await waitForOrderState(client, renewalOrderId, 2);
    expect(created.renewalOf.orderId).toBe(orderId);
    // Once written, the chain stands and a further 续保 is refused as renewed.
    const again = await client.post(`${U}/order/renew`, { id: orderId });
    expect(again.body).toMatchObject({ code: 40900, message: '已续保为 R-UNFINISHED-1' });
    shift = 0;
  }, 90_000);
});
