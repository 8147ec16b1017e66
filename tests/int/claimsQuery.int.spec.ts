import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimStreamId, type ClaimEvent } from '@feibao/domain/claims/claim.events';
import { providerFor } from '@feibao/platform/payments/provider';
import { OPERATED_QUEUES } from '@feibao/domain/ops/queues';
import type { PolicySnapshot } from '@feibao/domain/claims/policy';
import { createConsistencyWaiter, redisLastWrites } from '@feibao/platform/consistency';
import { createEventStore, type EventStore } from '@feibao/platform/eventStore';
import { createKoaApp } from '@feibao/platform/http/app';
import { policyGuard } from '@feibao/platform/http/policyGuard';
import { routeAccess } from '@feibao/domain/policies';
import { createProjectionRunner } from '@feibao/platform/projections/runner';
import { createRedis } from '@feibao/platform/redis';
import { createTokenService } from '@feibao/platform/tokens';
import { operatedQueues } from '@feibao/platform/queueHandles';
import { redisRevocations } from '@feibao/platform/revocations';
import { claimQueryRoutes } from '@feibao/query-service/claims/routes';
import { allProjections } from '@feibao/read-models/projections';
import {
  ADMIN,
  createClient,
  registerUser,
  startTestPlatform,
  until,
  type Client,
  type TestPlatform,
} from '../support/platform.ts';

/**
 * The claim reads over events appended straight to the store (the claim commands are another
 * slice's), served by claimQueryRoutes on an app of its own so this suite does not depend on
 * where the routes are registered.
 */
const PATH = '/api/v1/uav/claim/settlement';

const policy: PolicySnapshot = {
  orderId: 'order-1',
  orderNo: 'FB1',
  policyNo: 'PN-CLAIMS-1',
  insurerId: 1,
  insurerName: '保险公司1',
  startDate: '2026-11-01',
  endDate: '2027-10-31',
  totalPremium: 1000,
  lines: [
    {
      key: 'l1',
      insuranceTypeId: 1,
      name: '机身损失险',
      droneName: 'M300',
      insuranceAmount: 10,
      premium: 1000,
      deductible: '0免赔',
    },
  ],
  drones: [
    { deviceNumber: 'UAV-1', manufacturer: '大疆', model: 'M300' } as PolicySnapshot['drones'][number],
    { deviceNumber: 'UAV-2', manufacturer: '大疆', model: 'M300' } as PolicySnapshot['drones'][number],
  ],
};

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 2, minute)).toISOString();

const claimEvents = (
  claimId: string,
  owner: string,
  claimNo: string,
  idNumber = '11010119900307777X',
): ClaimEvent[] => {
  const base = (minute: number, by = owner) => ({ claimId, at: at(minute), by });
  const form = {
    accidentTime: '2026-11-20 09:30:00',
    uavAccidentType: '2',
    injuryLossType: '1',
    settlementUavInfoList: [{ deviceNumber: 'UAV-1', partInfoList: [] }],
    injuryInfoList: [{ injuryName: '张三', technicalLevel: idNumber }],
    propertyInfoList: [],
  };
  return [
    { type: 'ClaimOpened', data: { ...base(0), claimNo, orderId: policy.orderId, owner, policy } },
    {
      type: 'ClaimDraftSaved',
      data: {
        ...base(1),
        form,
        changes: [
          {
            moduleName: '事故基本信息',
            path: 'uavAccidentType',
            fieldName: '事故类型',
            operateType: '新增',
            oldValue: null,
            newValue: '失控坠毁未丢失',
          },
        ],
      },
    },
    { type: 'ClaimSubmitted', data: { ...base(2), form, changes: [], acceptDueAt: at(600) } },
    ...(['301010', '302010', '101010'] as const).map(
      (code, i): ClaimEvent => ({
        type: 'ClaimPictureUploaded',
        data: {
          ...base(3 + i),
          pictureId: `${claimId}.p${i}`,
          name: `p${i}.jpg`,
          mime: 'image/jpeg',
          size: 100,
          storedAs: `s${i}`,
          imageTypeCode: code,
        },
      }),
    ),
    {
      type: 'ClaimPictureProcessed',
      data: {
        ...base(7, 'system'),
        pictureId: `${claimId}.p0`,
        thumbnailAs: 't0',
        displayAs: 'd0',
        width: 10,
        height: 10,
        capturedAt: at(0),
        gps: { latitude: 31, longitude: 121 },
      },
    },
    { type: 'ClaimPictureRejected', data: { ...base(8, 'system'), pictureId: `${claimId}.p1`, reason: '无法识别' } },
    {
      type: 'ClaimPictureUploaded',
      data: {
        ...base(9),
        pictureId: `${claimId}.p9`,
        name: 'x.jpg',
        mime: 'image/jpeg',
        size: 1,
        storedAs: 'x',
        imageTypeCode: '99',
      },
    },
    { type: 'ClaimPicturesDeleted', data: { ...base(10), pictureIds: [`${claimId}.p9`] } },
  ];
};

describe('claim queries', () => {
  let platform: TestPlatform;
  let store: EventStore;
  let server: Server;
  let customer: Client;
  let other: Client;
  let admin: Client;
  let phone: string;
  let base: string;

  let lastAppended = 0;
  const append = async (claimId: string, events: ClaimEvent[]) => {
    lastAppended = Number((await store.appendToStream(claimStreamId(claimId), events)).lastEventGlobalPosition);
  };
  /**
   * Only the claim read models, run here: the workers' picture processing and SLA timers would append events of their own.
   * A catch-up stops before events of transactions newer than one still running anywhere in the cluster (another
   * suite's, a benchmark's), so it goes again until both checkpoints hold the last append.
   */
  const caughtUp = async () => {
    const runner = createProjectionRunner(
      platform.pool,
      allProjections.filter((p) => p.name === 'claims' || p.name === 'claim_history'),
    );
    const checkpoint = `SELECT min(position) AS position FROM feibao_projections WHERE name IN ('claims', 'claim_history')`;
    await until(
      async () => {
        await runner.catchUp();
        return Number((await platform.pool.query(checkpoint)).rows[0].position);
      },
      (position) => position >= lastAppended,
    );
  };

  beforeAll(async () => {
    platform = await startTestPlatform({ env: { SMS_HOURLY_PER_ADDRESS: '100000' } });
    const { config, pool } = platform;
    const redis = createRedis(config.redisUrl);
    const app = createKoaApp({ trustProxy: false });
    const tokens = createTokenService(config);
    const revocations = redisRevocations(redis, config.queuePrefix, config.accessTokenTtlSeconds);
    const routes = claimQueryRoutes({
      config,
      pool,
      tokens,
      revocations,
      consistency: createConsistencyWaiter(pool),
      lastWrites: redisLastWrites(redis, config.queuePrefix),
      now: () => new Date(),
      opsQueues: operatedQueues(redis, config.queuePrefix, OPERATED_QUEUES),
      redis,
      payments: providerFor(config, pool),
    });
    // Who may call each route is the claims policy, enforced by the one guard the query app installs.
    app.use(
      policyGuard({
        routers: [routes],
        access: routeAccess,
        tokens,
        revocations,
        rulesSuperUser: config.rulesSuperUser,
      }),
    );
    app.use(routes.routes()).use(routes.allowedMethods());
    server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const edgeClient = platform.client();
    phone = (await registerUser(edgeClient)).phone;
    const otherEdge = platform.client();
    const otherPhone = (await registerUser(otherEdge)).phone;
    const adminEdge = platform.client();
    adminEdge.adopt(
      await adminEdge.post('/api/v1/uav/user/login', { mobilePhone: ADMIN.mobilePhone, password: ADMIN.password }),
    );
    customer = createClient(base);
    customer.state.accessToken = edgeClient.state.accessToken;
    other = createClient(base);
    other.state.accessToken = otherEdge.state.accessToken;
    admin = createClient(base);
    admin.state.accessToken = adminEdge.state.accessToken;

    // From here on nothing but this suite writes claim events or moves the claim read models.
    await platform.stopWorkers();
    store = createEventStore(config.databaseUrl);
    await append('c-1', claimEvents('c-1', phone, 'LP202611200000001'));
    await append('c-2', claimEvents('c-2', phone, 'LP202611200000002').slice(0, 1));
    await append('c-2', [{ type: 'ClaimCancelled', data: { claimId: 'c-2', at: at(1), by: phone } }]);
    await append('c-3', claimEvents('c-3', otherPhone, 'LP202611200000003').slice(0, 2));
    await caughtUp();
  }, 60_000);
  afterAll(async () => {
    server?.close();
    server?.closeAllConnections();
    await platform?.stop();
  });

  it('details: the owner and staff read it, anyone else and cancelled claims read as missing', async () => {
    const mine = await customer.get(`${PATH}/details?id=c-1`);
    expect(mine.body.code).toBe(20000);
    expect(mine.body.data).toMatchObject({
      id: 'c-1',
      claimSettlementNo: 'LP202611200000001',
      policyNo: 'PN-CLAIMS-1',
      userName: phone,
      claimState: 3,
      insuredDeviceNumbers: ['UAV-1', 'UAV-2'],
      pictureCount: 3,
      version: 10,
    });
    expect(mine.body.data.injuryInfoList[0].technicalLevel).toBe('11010119900307777X');
    expect(mine.body.data.actions).toContain('withdraw');
    expect(mine.body.data.actions).not.toContain('accept');
    // Identity (301010) is there; the pilot's licence picture was rejected, so it is still missing.
    const missing = mine.body.data.evidence.missing.map((e: { code: string }) => e.code);
    expect(missing).toContain('3020');
    expect(missing).not.toContain('3010');
    expect(missing).not.toContain('10');

    const staff = await admin.get(`${PATH}/details?id=c-1`);
    expect(staff.body.data.actions).toContain('accept');
    expect((await other.get(`${PATH}/details?id=c-1`)).body).toMatchObject({ code: 40400, message: '理赔单不存在' });
    expect((await customer.get(`${PATH}/details?id=c-2`)).body.code).toBe(40400);
    expect((await customer.get(`${PATH}/details?id=nope`)).body.code).toBe(40400);
    expect((await customer.get(`${PATH}/details`)).body).toMatchObject({ code: 40000, message: '理赔单编号不能为空' });
  });

  it('details and list rows carry the admin’s log and amendment actions to admins alone', async () => {
    const mine = await customer.get(`${PATH}/details?id=c-1`);
    expect(mine.body.data.actions).not.toContain('log');
    expect(mine.body.data.actions).not.toContain('amend');
    const theirs = await admin.get(`${PATH}/details?id=c-1`);
    expect(theirs.body.data.actions).toEqual(expect.arrayContaining(['log', 'amend']));
    const rows = (await admin.post(`${PATH}/page`, {})).body.data.datas as { actions: string[] }[];
    expect(rows.every((r) => r.actions.includes('log') && r.actions.includes('amend'))).toBe(true);
    const ownRows = (await customer.post(`${PATH}/page`, {})).body.data.datas as { actions: string[] }[];
    expect(ownRows.some((r) => r.actions.includes('log') || r.actions.includes('amend'))).toBe(false);
  });

  it('page: customers see their own claims, staff every claim, with filters', async () => {
    const mine = await customer.post(`${PATH}/page`, { userName: 'someone-else' });
    expect(mine.body.data).toMatchObject({ currentPage: 1, pageSize: 20, totalCount: 1 });
    expect(mine.body.data.datas[0]).toMatchObject({
      id: 'c-1',
      userName: phone,
      claimState: 3,
      uavAccidentTypeName: '失控坠毁未丢失',
    });
    expect(mine.body.data.datas[0].owner).toBeUndefined();

    const all = await admin.post(`${PATH}/page`, {});
    const ids = all.body.data.datas.map((r: { id: string }) => r.id);
    expect(ids).toEqual(expect.arrayContaining(['c-1', 'c-3']));
    expect(ids).not.toContain('c-2');
    expect(
      (await admin.post(`${PATH}/page`, { claimState: 3 })).body.data.datas.map((r: { id: string }) => r.id),
    ).toEqual(['c-1']);
    expect((await admin.post(`${PATH}/page`, { claimSettlementNo: 'LP202611200000003' })).body.data.totalCount).toBe(1);
    expect((await admin.post(`${PATH}/page`, { overdue: '1' })).body.data.totalCount).toBe(0);
    expect((await admin.post(`${PATH}/page`, { overdue: false })).body.data.totalCount).toBe(2);
    const day = await admin.post(`${PATH}/page`, { applyTimeFrom: '2026-11-20', applyTimeTo: '2026-11-20' });
    expect(day.body.data.datas.map((r: { id: string }) => r.id)).toEqual(['c-1']);
    expect((await admin.post(`${PATH}/page`, { applyTimeFrom: '2026-11-21' })).body.data.totalCount).toBe(0);
    expect((await admin.post(`${PATH}/page`, { applyTimeFrom: '2026-13-01' })).body.code).toBe(40000);
    expect((await admin.post(`${PATH}/page`, { pageSize: 101 })).body.code).toBe(40000);
    expect((await admin.post(`${PATH}/page`, { claimState: 9 })).body).toMatchObject({
      code: 40000,
      message: '理赔状态不正确',
    });
    expect((await admin.post(`${PATH}/page`, { claimState: 'abc' })).body).toMatchObject({
      code: 40000,
      message: '理赔状态不正确',
    });
  });

  it('pictures: the category tree with counts, pages of a subtree, staff-only photo metadata', async () => {
    const tree = await customer.get(`${PATH}/listImageType?id=c-1`);
    const byCode = (code: string) => tree.body.data.find((n: { imageTypeCode: string }) => n.imageTypeCode === code);
    expect(byCode('30').imageTypeCount).toBe(2);
    expect(byCode('10').imageTypeCount).toBe(1);
    expect(byCode('99').imageTypeCount).toBe(0);

    const page = await customer.post(`${PATH}/pageImageInfo`, { id: 'c-1', imageTypeCode: '30' });
    expect(page.body.data).toMatchObject({ currentPage: 1, pageSize: 10, totalCount: 2 });
    expect(page.body.data.datas.map((p: { id: string }) => p.id)).toEqual(['c-1.p1', 'c-1.p0']);
    const processed = page.body.data.datas[1];
    expect(processed).toMatchObject({
      fileUrl: `${PATH}/picture/c-1.p0`,
      smallFileUrl: `${PATH}/picture/c-1.p0?size=small`,
      capturedAt: null,
      gps: null,
    });
    expect(page.body.data.datas[0].smallFileUrl).toBeNull();
    const staff = await admin.post(`${PATH}/pageImageInfo`, { id: 'c-1', imageTypeCode: '3010' });
    expect(staff.body.data.datas[0].gps).toEqual({ latitude: 31, longitude: 121 });
    expect((await customer.post(`${PATH}/pageImageInfo`, { id: 'c-1', imageTypeCode: '77' })).body.code).toBe(40000);
    expect((await other.post(`${PATH}/pageImageInfo`, { id: 'c-1', imageTypeCode: '30' })).body.code).toBe(40400);
  });

  it('history: owner and staff read it, the log and CSV are for admins', async () => {
    const history = await customer.get(`${PATH}/history?id=c-1`);
    expect(history.body.data[0]).toMatchObject({ operateType: '创建', userName: phone });
    expect(history.body.data.some((e: { fieldName: string }) => e.fieldName === '事故类型')).toBe(true);
    expect((await customer.get(`${PATH}/listLogById?id=c-1`)).body.code).toBe(40300);
    const log = await admin.get(`${PATH}/listLogById?id=c-1`);
    expect(log.body.data).toEqual(history.body.data);

    const csv = await fetch(`${base}${PATH}/history.csv?id=c-1`, {
      headers: { authorization: `Bearer ${admin.state.accessToken}` },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="claim-LP202611200000001-history.csv"');
    const text = await csv.text();
    expect(text.split('\r\n')[0]).toBe('操作时间,操作人,模块,字段,操作类型,详情,说明');
    expect((await customer.get(`${PATH}/history.csv?id=c-1`)).body.code).toBe(40300);
  });

  // Emmett's pool installs a global JSONB parser that turns digit strings longer than 15
  // characters into BigInt, which JSON.stringify refuses: the document writes and the answers fail.
  it('keeps an all-digit ID number a string through the projection and the answer', async () => {
    await append('c-4', claimEvents('c-4', phone, 'LP202611200000004', '110101199003077777').slice(0, 2));
    await caughtUp();
    const details = await customer.get(`${PATH}/details?id=c-4`);
    expect(details.body.data.injuryInfoList[0].technicalLevel).toBe('110101199003077777');
  });

  it('drones of the policy with a deterministic simulated flight summary', async () => {
    const first = await customer.get(`${PATH}/getSettlementUavInfo?id=c-1&deviceNumber=UAV-2,UAV-9`);
    expect(first.body.data).toHaveLength(1);
    expect(first.body.data[0]).toMatchObject({ deviceNumber: 'UAV-2', flightData: { source: 'simulated' } });
    const again = await admin.get(`${PATH}/getSettlementUavInfo?id=c-1&deviceNumber=UAV-2`);
    expect(again.body.data[0].flightData).toEqual(first.body.data[0].flightData);
    expect((await customer.get(`${PATH}/getSettlementUavInfo?id=c-1`)).body.code).toBe(40000);
  });
  it('overdue is the current stage being late: a claim accepted late leaves the overdue queue, its details keep the missed stage', async () => {
    const late = (stage: 'accept' | 'close', minute: number, dueAt: string): ClaimEvent => ({
      type: 'ClaimSlaOverdue',
      data: { claimId: 'c-5', at: at(minute), by: 'system', stage, dueAt },
    });
    const ids = async (body: Record<string, unknown>) =>
      (await admin.post(`${PATH}/page`, { pageSize: 100, ...body })).body.data.datas.map((r: { id: string }) => r.id);
    const row = async (body: Record<string, unknown>) =>
      (await admin.post(`${PATH}/page`, { pageSize: 100, ...body })).body.data.datas.find(
        (r: { id: string }) => r.id === 'c-5',
      );
    const sla = async () => (await admin.get(`${PATH}/details?id=c-5`)).body.data.sla;

    await append('c-5', [...claimEvents('c-5', phone, 'LP202611200000005').slice(0, 3), late('accept', 700, at(600))]);
    await caughtUp();
    expect(await sla()).toMatchObject({ overdue: ['accept'], missedStages: ['accept'] });
    expect(await ids({ queue: 'overdue' })).toContain('c-5');

    // Accepted late: the accept stage is history, the close stage's clock has not run out.
    await append('c-5', [
      {
        type: 'ClaimAccepted',
        data: { claimId: 'c-5', at: at(701), by: ADMIN.mobilePhone, reason: null, closeDueAt: at(5000) },
      },
    ]);
    await caughtUp();
    expect(await sla()).toMatchObject({ overdue: [], missedStages: ['accept'] });
    expect(await ids({ queue: 'overdue' })).not.toContain('c-5');
    expect(await ids({ overdue: true })).not.toContain('c-5');
    expect(await row({ queue: 'processing' })).toMatchObject({ claimState: 4, overdue: [] });

    // Late again, now in its current stage.
    await append('c-5', [late('close', 5001, at(5000))]);
    await caughtUp();
    expect(await sla()).toMatchObject({ overdue: ['close'], missedStages: ['accept', 'close'] });
    expect(await ids({ queue: 'overdue' })).toContain('c-5');
    expect(await row({ queue: 'processing' })).toMatchObject({ overdue: ['close'] });
  });
});
