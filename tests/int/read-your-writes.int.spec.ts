import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generalApplication } from '@feibao/domain/ordering/fixtures';
import { registerUser, startTestPlatform, type TestPlatform } from '../support/platform.ts';

/**
 * Read-your-writes for any client: a plain HTTP client that never sends X-Consistency-Token
 * reads its own writes (services/platform/src/consistency.ts).
 */
let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(async () => platform?.stop());

const profile = {
  enterpriseName: '读己之写测绘有限公司',
  phone: '13911112222',
  email: 'ops@feibao.test',
  unifiedSocialCreditCode: '91310000MA1FL0000X',
  insuredType: 1,
};

/** A registered customer, then only bare fetch with a bearer token: no consistency header. */
const plainCustomer = async () => {
  const client = platform.client();
  await registerUser(client);
  expect((await client.post('/api/v1/uav/user/update', profile)).body.code).toBe(20000);
  const token = client.state.accessToken!;
  const call = async (method: string, path: string, body?: unknown) => {
    const answer = await fetch(platform.baseUrl + path, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { body: (await answer.json()) as any, headers: answer.headers };
  };
  return { call };
};

describe('read-your-writes without the header', () => {
  it('save a draft, then at once its details: 20000', async () => {
    const { call } = await plainCustomer();
    for (let i = 0; i < 5; i++) {
      const saved = await call('POST', '/api/v1/uav/order/save', generalApplication());
      expect(saved.body.code).toBe(20000);
      const details = await call('GET', `/api/v1/uav/order/orderDetails?id=${saved.body.data.id}`);
      expect(details.body).toMatchObject({ code: 20000, data: { id: saved.body.data.id, state: 0 } });
    }
  });

  it('holds the read until the projections have the write, and only for the writer', async () => {
    const writer = await plainCustomer();
    const bystander = await plainCustomer();
    // Let the bystander's own writes land first, so it has nothing pending (the profile waits for every projection).
    expect((await bystander.call('GET', '/api/v1/uav/user/getUserByUserName')).body.code).toBe(20000);

    await platform.stopWorkers();
    try {
      const saved = await writer.call('POST', '/api/v1/uav/order/save', generalApplication());
      expect(saved.body.code).toBe(20000);
      let answered = false;
      const read = writer.call('GET', `/api/v1/uav/order/orderDetails?id=${saved.body.data.id}`).then((r) => {
        answered = true;
        return r;
      });
      const other = await bystander.call('POST', '/api/v1/uav/order/page', { currentPage: 1, pageSize: 10 });
      expect(other.body.code).toBe(20000);
      expect(other.headers.get('x-consistency')).toBeNull();
      await new Promise((r) => setTimeout(r, 400));
      expect(answered).toBe(false);
      await platform.startWorkers();
      const held = await read;
      expect(held.headers.get('x-consistency')).toBe('consistent');
      expect(held.body).toMatchObject({ code: 20000, data: { id: saved.body.data.id } });

      // The details waited only for the orders projection; the writer's mark goes once every projection
      // holds the write (seen by such a read, or by one that waits for all), then nothing is checked.
      const details = `/api/v1/uav/order/orderDetails?id=${saved.body.data.id}`;
      expect((await writer.call('GET', '/api/v1/uav/user/getUserByUserName')).body.code).toBe(20000);
      expect((await writer.call('GET', details)).headers.get('x-consistency')).toBeNull();
    } finally {
      await platform.startWorkers();
    }
  });

  it('after register, the profile reads back at once', async () => {
    for (let i = 0; i < 3; i++) {
      const client = platform.client();
      const { phone } = await registerUser(client);
      const answer = await fetch(`${platform.baseUrl}/api/v1/uav/user/getUserByUserName`, {
        headers: { authorization: `Bearer ${client.state.accessToken}` },
      });
      expect(((await answer.json()) as any).data).toMatchObject({ mobilePhone: phone });
    }
  });
});
