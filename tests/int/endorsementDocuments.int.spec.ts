import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimStreamId, type ClaimEvent } from '@feibao/domain/claims/claim.events';
import { policyDocumentsStreamId } from '@feibao/domain/documents/document.events';
import type { PolicyEndorsed } from '@feibao/domain/ordering/order.events';
import { documentProcessor } from '@feibao/workers/documents/processor';
import { policyDocumentsReader } from '@feibao/read-models/documents/reader';
import { claimReport, damagedDrone } from '../support/claims.ts';
import { endorseRemovingDrone } from '../support/endorsements.ts';
import { customerWithPolicy } from '../support/policies.ts';
import {
  ADMIN,
  registerUser,
  signIn,
  startTestPlatform,
  until,
  type Client,
  type TestPlatform,
} from '../support/platform.ts';
import { resetVerifyLimits } from '../support/verification.ts';

/**
 * What a 批改 changes once approved (PolicyEndorsed, appended here as the endorsement flow records it):
 * the 批单 and the new version's 电子保单, the documents list by version, verification of each version,
 * and claims opened after it (their snapshot's version, the removed drone).
 */
const U = '/api/v1/uav';
const CLAIM = `${U}/claim/settlement`;
const REMOVED = damagedDrone.deviceNumber; // 1581F5FHD23A
const EFFECTIVE = '2026-01-02';

let platform: TestPlatform;
let work: string;
let customer: Awaited<ReturnType<typeof customerWithPolicy>>;
let endorsed: PolicyEndorsed['data'];
let v1Code: string;

const list = (client: Client) => client.get(`${U}/order/certificate/list?id=${customer.orderId}`);
const download = async (client: Client, pathAndQuery: string) => {
  const res = await fetch(platform.baseUrl + pathAndQuery, {
    headers: {
      authorization: `Bearer ${client.state.accessToken}`,
      'x-consistency-token': String(client.consistency),
    },
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const type = res.headers.get('content-type');
  return {
    status: res.status,
    type,
    disposition: res.headers.get('content-disposition'),
    bytes,
    json: type?.includes('json') ? JSON.parse(bytes.toString()) : null,
  };
};
const textOf = (name: string, bytes: Buffer) => {
  const file = path.join(work, name);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
};
const verify = async (code: string) => {
  await resetVerifyLimits(platform);
  return (await platform.client().get(`${U}/verify?code=${encodeURIComponent(code)}`)).body;
};

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'feibao-endorsement-'));
  platform = await startTestPlatform({
    env: { QUOTE_DAY_SECONDS: '0.2', QUOTE_DEADLINE_DAYS: '300', SMS_HOURLY_PER_ADDRESS: '100000' },
  });
  customer = await customerWithPolicy(platform);
  const first = await until(
    () => list(customer.client),
    (a) => !!a.body.data?.policy,
    60_000,
  );
  v1Code = first.body.data.policy.verificationCode;
  expect(first.body.data.versions).toMatchObject([
    { version: 1, current: true, endorsementNo: null, endorsement: null },
  ]);
}, 120_000);

afterAll(async () => {
  await platform?.stop();
  rmSync(work, { recursive: true, force: true });
});

describe('批改 approved: version 2', () => {
  it('issues the 批单 and the 电子保单 of version 2, both listed; the current version is the default download', async () => {
    endorsed = await endorseRemovingDrone(platform.command.deps.eventStore, customer.orderId, {
      removeDevice: REMOVED,
      effectiveDate: EFFECTIVE,
    });
    const answer = await until(
      () => list(customer.client),
      (a) => !!a.body.data?.versions?.[0]?.policy && !!a.body.data?.versions?.[0]?.endorsement,
      60_000,
    );
    const { versions, policy } = answer.body.data;
    expect(versions).toHaveLength(2);
    expect(versions[0]).toMatchObject({
      version: 2,
      current: true,
      endorsementNo: endorsed.endorsementNo,
      effectiveDate: EFFECTIVE,
      premiumDifference: endorsed.premiumDifference,
      policy: { fileName: `电子保单-${customer.policy.policyNo}-第2版.pdf` },
      endorsement: { fileName: `批单-${endorsed.endorsementNo}.pdf` },
    });
    expect(versions[1]).toMatchObject({ version: 1, current: false, policy: { verificationCode: v1Code } });
    expect(policy.verificationCode).toBe(versions[0].policy.verificationCode);

    const current = await download(customer.client, `${U}/order/policyDocument?id=${customer.orderId}`);
    expect(current.status).toBe(200);
    expect(current.disposition).toContain(encodeURIComponent(`电子保单-${customer.policy.policyNo}-第2版.pdf`));
    const v2 = textOf('v2.pdf', current.bytes);
    expect(v2).toContain('第2版');
    expect(v2).toContain(endorsed.endorsementNo);
    expect(v2).toContain('1581F5FHD23B');
    expect(v2).not.toContain(REMOVED);

    const first = await download(customer.client, `${U}/order/policyDocument?id=${customer.orderId}&version=1`);
    expect(first.status).toBe(200);
    const v1 = textOf('v1.pdf', first.bytes);
    expect(v1).toContain(REMOVED);
    expect(v1).not.toContain('第2版');
  });

  it('prints the 批单: its number, version, effective date, the change before/after and the premium returned', async () => {
    const answer = await download(customer.client, `${U}/order/endorsementDocument?id=${customer.orderId}&version=2`);
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('application/pdf');
    expect(answer.disposition).toContain(encodeURIComponent(`批单-${endorsed.endorsementNo}.pdf`));
    const text = textOf('endorsement.pdf', answer.bytes);
    for (const field of [
      '无人机保险批单',
      endorsed.endorsementNo,
      customer.policy.policyNo,
      '第2版',
      EFFECTIVE,
      '批改内容',
      '减除无人机',
      REMOVED,
      '应退保险费',
      '验证码',
    ])
      expect(text).toContain(field);
  });

  it('refuses a version not issued, a malformed version, and anyone else', async () => {
    const none = await download(customer.client, `${U}/order/endorsementDocument?id=${customer.orderId}&version=7`);
    expect(none.json).toMatchObject({ code: 40900, message: '该版本的批单尚未生成' });
    const bad = await download(customer.client, `${U}/order/policyDocument?id=${customer.orderId}&version=abc`);
    expect(bad.json).toMatchObject({ code: 40000, message: '保单版本应为正整数' });
    const missing = await download(customer.client, `${U}/order/endorsementDocument?id=${customer.orderId}`);
    expect(missing.json).toMatchObject({ code: 40000 });
    const other = platform.client();
    await registerUser(other);
    const foreign = await download(other, `${U}/order/endorsementDocument?id=${customer.orderId}&version=2`);
    expect(foreign.json).toMatchObject({ code: 40400 });
  });

  it('tells the owner in the inbox: 保单已批改（第2版）, linked to the policy', async () => {
    const page = await until(
      () => customer.client.get(`${U}/notification/page?pageSize=100`),
      (a) => a.body.data?.list?.some((n: { kind: string }) => n.kind === 'policyEndorsed'),
      20_000,
    );
    const rows = page.body.data.list.filter((n: { kind: string }) => n.kind === 'policyEndorsed');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ title: '保单已批改', link: { type: 'policy', id: customer.orderId } });
    expect(rows[0].body).toContain('保单已批改（第2版）');
  });

  it('issues once per version: the job run again records nothing', async () => {
    const store = platform.command.deps.eventStore;
    const before = (await store.readStream(policyDocumentsStreamId(customer.orderId))).events.length;
    const processor = documentProcessor({
      eventStore: store,
      pool: platform.pool as never,
      now: () => new Date(),
      publicBaseUrl: platform.config.publicBaseUrl,
    });
    expect(await processor({ data: { kind: 'endorsement', orderId: customer.orderId, version: 2 } } as never)).toBe(
      'skipped',
    );
    const after = await store.readStream(policyDocumentsStreamId(customer.orderId));
    expect(after.events.length).toBe(before);
    expect(after.events.filter((e) => e.type === 'EndorsementDocumentIssued')).toHaveLength(1);
  });

  it('is owed again to the render worker when a version’s documents are missing (job recovery)', async () => {
    const owed = async (db: Parameters<typeof policyDocumentsReader>[0]) =>
      (await policyDocumentsReader(db).awaitingIssue()).filter((j) => j.orderId === customer.orderId);
    expect(await owed(platform.pool)).toEqual([]);
    const client = await platform.pool.connect();
    try {
      // As if the 批单 had never been issued, inside a transaction rolled back: the read model stays.
      await client.query('BEGIN');
      await client.query(`UPDATE policy_documents SET data = data - 'endorsements' WHERE _id = $1`, [customer.orderId]);
      expect(await owed(client)).toEqual([{ kind: 'endorsement', orderId: customer.orderId, version: 2 }]);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });

  it('verifies each version: the first says a newer one exists, the current answers normally, the 批单 names itself', async () => {
    const answer = await until(
      () => list(customer.client),
      (a) => !!a.body.data?.versions?.[0]?.endorsement,
      10_000,
    );
    const [v2, v1] = answer.body.data.versions;
    const old = await until(
      () => verify(v1.policy.verificationCode),
      (b) => b.data?.document?.currentVersion === 2,
      10_000,
    );
    expect(old.data).toMatchObject({
      status: 'valid',
      statusText: '有效',
      document: { kind: 'policy', version: 1, currentVersion: 2, versionText: '已批改，当前为第2版', droneCount: 2 },
    });
    const current = await verify(v2.policy.verificationCode);
    expect(current.data).toMatchObject({
      status: 'valid',
      document: { kind: 'policy', version: 2, currentVersion: 2, versionText: '第2版（当前版本）', droneCount: 2 },
    });
    const endorsement = await verify(v2.endorsement.verificationCode);
    expect(endorsement.data).toMatchObject({
      status: 'valid',
      document: {
        kind: 'endorsement',
        kindText: '批单',
        endorsement: { endorsementNo: endorsed.endorsementNo, version: 2, effectiveDate: EFFECTIVE },
      },
    });
    // Public facts only, masked as on any answer.
    expect(JSON.stringify(endorsement.data)).not.toContain(customer.phone);
    expect(endorsement.data.document.policyholder).toContain('*');
  });
});

describe('audit', () => {
  it('shows the 批改 on the order timeline: version, 批单号, premium difference, who approved it, each change', async () => {
    const admin = platform.client();
    await signIn(admin, ADMIN.mobilePhone, ADMIN.password);
    const history = await until(
      () => admin.get(`${U}/backoffice/audit/history?kind=order&id=${customer.orderId}`),
      (a) => a.body.data?.entries?.some((e: { operateType: string }) => e.operateType === '批改'),
      10_000,
    );
    const rows = history.body.data.entries.filter((e: { operateType: string }) => e.operateType.startsWith('批改'));
    expect(rows[0]).toMatchObject({
      userName: endorsed.approvedBy,
      change: 'policy',
      remark: `审批人：${endorsed.approvedBy}`,
    });
    expect(rows[0].details).toContain(`批改为第2版，批单号${endorsed.endorsementNo}`);
    expect(rows[1]).toMatchObject({
      operateType: '批改项目',
      details: `${REMOVED} → —（保费差额${endorsed.premiumDifference}元）`,
    });
  });
});

describe('claims opened after the 批改', () => {
  let claimId: string;

  it('snapshot the new version: 保单版本 2, the removed drone and its removal day', async () => {
    const created = await customer.client.get(`${CLAIM}/createClaimSettlement?orderId=${customer.orderId}`);
    expect(created.body.code).toBe(20000);
    claimId = created.body.data;
    const details = (await customer.client.get(`${CLAIM}/details?id=${claimId}`)).body.data;
    expect(details.policyVersion).toBe(2);
    expect(details.removedDrones).toEqual([{ deviceNumber: REMOVED, effectiveDate: EFFECTIVE }]);
    expect(details.insuredDeviceNumbers).toEqual(['1581F5FHD23B', REMOVED]);
    const { events } = await platform.command.deps.eventStore.readStream<ClaimEvent>(claimStreamId(claimId));
    const opened = events.find((e) => e.type === 'ClaimOpened');
    expect(opened?.data).toMatchObject({
      policy: { policyVersion: 2, removedDrones: [{ deviceNumber: REMOVED, effectiveDate: EFFECTIVE, version: 2 }] },
    });
    expect(opened?.data).toMatchObject({ policy: { totalPremium: endorsed.totalPremium } });
  });

  it('refuses an accident of the removed drone on or after its removal, with the reason; accepts one before', async () => {
    const after = await customer.client.post(
      `${CLAIM}/save`,
      claimReport(claimId, { accidentTime: `${EFFECTIVE} 10:30:00` }),
    );
    expect(after.body).toMatchObject({
      code: 40000,
      message: `无人机 ${REMOVED} 已于 ${EFFECTIVE} 批改减除，事故发生在减除之后，不在保障范围内`,
    });
    const before = await customer.client.post(
      `${CLAIM}/save`,
      claimReport(claimId, { accidentTime: '2026-01-01 18:00:00' }),
    );
    expect(before.body.code).toBe(20000);
    const still = await customer.client.post(
      `${CLAIM}/save`,
      claimReport(claimId, {
        accidentTime: `${EFFECTIVE} 10:30:00`,
        settlementUavInfoList: [{ ...damagedDrone, deviceNumber: '1581F5FHD23B' }],
      }),
    );
    expect(still.body.code).toBe(20000);
  });
});
