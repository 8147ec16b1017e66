import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generalApplication } from '@feibao/domain/ordering/fixtures';
import { amountInWords } from '@feibao/domain/documents/amountInWords';
import { policyDocumentsDecider } from '@feibao/domain/documents/document.commands';
import { policyDocumentsStreamId } from '@feibao/domain/documents/document.events';
import { documentMessages } from '@feibao/domain/documents/messages';
import { aggregate, handleCommand } from '@feibao/platform/eventStore';
import { documentProcessor } from '@feibao/workers/documents/processor';
import { policyDocumentsReader } from '@feibao/read-models/documents/reader';
import {
  ADMIN,
  accountWithRoles,
  registerUser,
  signIn,
  startTestPlatform,
  until,
  type Client,
  type TestPlatform,
} from '../support/platform.ts';
import { customerWithPolicy } from '../support/policies.ts';

const U = '/api/v1/uav';
const VALID_CREDIT_CODE = '91350100M000100Y43';

let platform: TestPlatform;
let admin: Client;
let work: string;
let customer: Awaited<ReturnType<typeof customerWithPolicy>>;

type Download = { status: number; type: string | null; disposition: string | null; bytes: Buffer; json: any };

/** A file answer as the browser gets it: the same bearer and read-your-writes token as the client's calls. */
const download = async (client: Client, pathAndQuery: string): Promise<Download> => {
  const headers: Record<string, string> = {};
  if (client.state.accessToken) headers.authorization = `Bearer ${client.state.accessToken}`;
  if (client.consistency > 0) headers['x-consistency-token'] = String(client.consistency);
  const res = await fetch(platform.baseUrl + pathAndQuery, { headers });
  const bytes = Buffer.from(await res.arrayBuffer());
  const type = res.headers.get('content-type');
  return {
    status: res.status,
    type,
    disposition: res.headers.get('content-disposition'),
    bytes,
    json: type?.includes('json') ? JSON.parse(bytes.toString('utf8')) : null,
  };
};

const documentsOf = (client: Client, orderId: string) => client.get(`${U}/order/certificate/list?id=${orderId}`);
const waitForPolicyDocument = (client: Client, orderId: string) =>
  until(
    () => documentsOf(client, orderId),
    (a) => a.body.data?.policy !== null && a.body.data?.policy !== undefined,
    60_000,
  );

const save = (name: string, bytes: Buffer) => {
  const file = path.join(work, name);
  writeFileSync(file, bytes);
  return file;
};
const pdfText = (file: string, page?: number) =>
  execFileSync('pdftotext', [...(page ? ['-f', String(page), '-l', String(page)] : []), '-layout', file, '-'], {
    encoding: 'utf8',
  });
const pageCount = (file: string) =>
  Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'feibao-documents-'));
  platform = await startTestPlatform({
    env: {
      QUOTE_DAY_SECONDS: '0.2',
      QUOTE_DEADLINE_DAYS: '300',
      SMS_HOURLY_PER_ADDRESS: '100000',
    },
  });
  admin = platform.client();
  await signIn(admin, ADMIN.mobilePhone, ADMIN.password);
  customer = await customerWithPolicy(platform);
}, 120_000);

afterAll(async () => {
  await platform?.stop();
  rmSync(work, { recursive: true, force: true });
});

describe('电子保单', () => {
  let pdf: string;
  let listed: any;

  it('is issued at underwriting and downloads as a PDF with a Chinese file name', async () => {
    listed = (await waitForPolicyDocument(customer.client, customer.orderId)).body.data;
    expect(listed.actions).toEqual(['downloadPolicy', 'addCertificate']);
    expect(listed.policy.verificationCode).toMatch(/^([0-9A-HJKMNP-TV-Z]{4}-){7}[0-9A-HJKMNP-TV-Z]{4}$/);
    const answer = await download(customer.client, `${U}/order/policyDocument?id=${customer.orderId}`);
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('application/pdf');
    const name = `电子保单-${customer.policy.policyNo}.pdf`;
    expect(answer.disposition).toContain(`filename*=UTF-8''${encodeURIComponent(name)}`);
    expect(answer.disposition).toMatch(/^attachment; filename="[\x20-\x7e]+\.pdf"/);
    expect(answer.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(answer.bytes.length).toBeLessThan(300 * 1024);
    expect(answer.bytes.length).toBe(listed.policy.bytes);
    pdf = save('policy.pdf', answer.bytes);
  });

  it('prints every field', () => {
    const text = pdfText(pdf).replace(/[ \t]+/g, ' ');
    const details = customer.policy;
    for (const field of [
      details.policyNo,
      '中国人民财产保险股份有限公司',
      '飞保保险经纪有限公司',
      '经营保险经纪业务许可证',
      '飞保测绘科技有限公司',
      '913100********000X',
      '00时00分起至',
      '24时00分止',
      '无人机机身损失险',
      '无人机第三者责任险',
      '130,000.00',
      '1,000,000.00',
      amountInWords(details.totalPremium),
      '大疆 DJI',
      'Matrice 350 RTK',
      '1581F5FHD23A',
      '1581F5FHD23B',
      '纵横股份',
      'CW-15',
      '王飞',
      'CAAC-2023-0001',
      '特别约定',
      listed.policy.verificationCode,
      listed.policy.contentSha256,
    ])
      expect(text).toContain(field);
    expect(text).not.toContain('91310000MA1FL0000X');
  });

  it('embeds the subset font', () => {
    const fonts = execFileSync('pdffonts', [pdf], { encoding: 'utf8' });
    const rows = fonts.split('\n').slice(2).filter(Boolean);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row).toMatch(/^[A-Z]{6}\+NotoSansSC/);
      expect(row).toMatch(/\byes\s+yes\s+yes\b/);
    }
  });

  it('carries a QR code to the public verification page', () => {
    execFileSync('pdftoppm', ['-r', '150', '-png', '-f', '1', '-l', '1', pdf, path.join(work, 'page')]);
    const png = PNG.sync.read(readFileSync(path.join(work, pageCount(pdf) > 9 ? 'page-01.png' : 'page-1.png')));
    const qr = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(qr?.data).toBe(`${platform.config.publicBaseUrl}/verify/${listed.policy.verificationCode}`);
  });

  it('is refused to another customer and while not issued; staff download it', async () => {
    const stranger = platform.client();
    await registerUser(stranger);
    const refused = await download(stranger, `${U}/order/policyDocument?id=${customer.orderId}`);
    expect(refused.status).toBe(404);
    expect(refused.json).toMatchObject({ code: 40400, message: documentMessages.orderNotFound });
    expect((await documentsOf(stranger, customer.orderId)).body.code).toBe(40400);
    const bad = await download(stranger, `${U}/order/policyDocument?id=`);
    expect(bad.json.code).toBe(40000);

    const staff = await download(admin, `${U}/order/policyDocument?id=${customer.orderId}`);
    expect(staff.status).toBe(200);
    expect(staff.type).toBe('application/pdf');
    const claimsStaff = await accountWithRoles(platform, admin, ['claims']);
    expect((await download(claimsStaff, `${U}/order/policyDocument?id=${customer.orderId}`)).status).toBe(200);

    // An order that is not a policy yet: nothing to download, said in Chinese.
    const draft = await customer.client.post(`${U}/order/save`, generalApplication());
    const early = await download(customer.client, `${U}/order/policyDocument?id=${draft.body.data.id}`);
    expect(early.json).toMatchObject({ code: 40900 });
  });

  it('is issued once: the render job run again and a second issue record nothing', async () => {
    const store = platform.command.deps.eventStore;
    const processor = documentProcessor({
      eventStore: store,
      pool: platform.pool as never,
      now: () => new Date(),
      publicBaseUrl: platform.config.publicBaseUrl,
    });
    expect(await processor({ data: { kind: 'policy', orderId: customer.orderId } } as never)).toBe('skipped');
    await handleCommand(store, policyDocumentsStreamId(customer.orderId), policyDocumentsDecider, {
      type: 'IssuePolicyDocument',
      data: {
        orderId: customer.orderId,
        documentId: 'another',
        policyNo: customer.policy.policyNo,
        verificationCode: 'ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ',
        fileSha256: '0'.repeat(64),
        contentSha256: '0'.repeat(64),
        pages: 1,
        bytes: 1,
      },
      metadata: { now: new Date(), actor: 'system', system: true },
    });
    const { rows } = await platform.pool.query(
      `SELECT count(*)::int AS n FROM emt_messages WHERE stream_id = $1 AND message_type = 'PolicyDocumentIssued'`,
      [policyDocumentsStreamId(customer.orderId)],
    );
    expect(rows[0].n).toBe(1);
    const docs = await aggregate(store, policyDocumentsStreamId(customer.orderId), policyDocumentsDecider);
    expect(docs.status === 'open' && docs.policy?.verificationCode).toBe(listed.policy.verificationCode);
  });

  it('is owed again to the render worker when its document is missing (job recovery)', async () => {
    const reader = policyDocumentsReader(platform.pool);
    const owed = async () => (await reader.awaitingIssue()).filter((j) => j.orderId === customer.orderId);
    expect(await owed()).toEqual([]);
    const client = await platform.pool.connect();
    try {
      // As if the policy had never been issued, inside a transaction rolled back: the read model stays.
      await client.query('BEGIN');
      await client.query(`UPDATE policy_documents SET data = jsonb_set(data, '{policy}', 'null') WHERE _id = $1`, [
        customer.orderId,
      ]);
      const rows = (await policyDocumentsReader(client).awaitingIssue()).filter((j) => j.orderId === customer.orderId);
      expect(rows).toEqual([{ kind: 'policy', orderId: customer.orderId }]);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });

  it('stores the bytes once, under their hash', async () => {
    const { rows } = await platform.pool.query(
      `SELECT encode(sha256(bytes), 'hex') AS sha, size FROM document_files d
        WHERE d.file_sha256 = (SELECT data->'policy'->>'fileSha256' FROM policy_documents WHERE _id = $1)`,
      [customer.orderId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].size).toBe(listed.policy.bytes);
    const issued = await platform.pool.query(`SELECT data FROM issued_documents WHERE _id = $1`, [
      listed.policy.verificationCode,
    ]);
    expect(issued.rows[0].data).toMatchObject({ kind: 'policy', fileSha256: rows[0].sha, status: 'valid' });
  });
});

describe('a 50-drone policy', () => {
  it('paginates with the table header repeated and page numbers', async () => {
    const application = generalApplication();
    application.uavInfoList = Array.from({ length: 50 }, (_, i) => ({
      name: `巡检${i + 1}号`,
      deviceNumber: `DJI50X${String(i + 1).padStart(4, '0')}`,
      manufacturer: '大疆 DJI',
      model: 'Matrice 30T',
      productionYear: '2024-05-01',
      price: 40_000 + i * 100,
      deviceType: '多旋翼',
      rotorCount: 4,
      driveType: '电力驱动',
      flyType: '混合',
      maxFlyingWeight: 4,
      windResistance: '七级',
      selfRescuePlan: '无',
      realTimeFlightData: 0,
    }));
    const big = await customerWithPolicy(platform, application);
    await waitForPolicyDocument(big.client, big.orderId);
    const answer = await download(big.client, `${U}/order/policyDocument?id=${big.orderId}`);
    expect(answer.status).toBe(200);
    expect(answer.bytes.length).toBeLessThan(300 * 1024);
    const file = save('policy-50.pdf', answer.bytes);
    const pages = pageCount(file);
    expect(pages).toBeGreaterThanOrEqual(3);
    const codes = new Set<string>();
    let continued = 0;
    for (let page = 1; page <= pages; page += 1) {
      const text = pdfText(file, page).replace(/[ \t]+/g, ' ');
      // pdftotext drops the thin spaces around the numbers.
      expect(text).toMatch(new RegExp(`第\\s*${page}\\s*页\\s*共\\s*${pages}\\s*页`));
      expect(text).toContain(big.policy.policyNo);
      if (text.includes('（续）')) {
        continued += 1;
        expect(text).toMatch(/序号 (承保险种|生产厂商)/);
      }
      for (const m of text.matchAll(/DJI50X\d{4}/g)) codes.add(m[0]);
    }
    expect(continued).toBeGreaterThanOrEqual(1);
    expect(codes.size).toBe(50);
  }, 120_000);
});

describe('投保证明', () => {
  it('adds a holder, issues a PDF naming them, and withdraws it', async () => {
    const { client, orderId } = customer;
    const refused = await client.post(`${U}/order/certificate/add`, { orderId, name: '某公司', idNumber: '123' });
    expect(refused.body).toMatchObject({ code: 40000, message: documentMessages.holderIdFormat });

    const added = await client.post(`${U}/order/certificate/add`, {
      orderId,
      name: '上海张江建设工程有限公司',
      idNumber: VALID_CREDIT_CODE,
      address: '上海市浦东新区',
      purpose: '张江科学城航测项目',
    });
    expect(added.body.code, added.body.message).toBe(20000);
    const certificateId: string = added.body.data.certificateId;

    const issued = await until(
      () => documentsOf(client, orderId),
      (a) => a.body.data.certificates.some((c: any) => c.certificateId === certificateId && c.status === 'issued'),
      60_000,
    );
    const row = issued.body.data.certificates.find((c: any) => c.certificateId === certificateId);
    expect(row).toMatchObject({
      holder: { name: '上海张江建设工程有限公司', idNumber: '913501********0Y43', purpose: '张江科学城航测项目' },
      statusText: '有效',
      actions: ['download', 'withdraw'],
    });

    const file = await download(client, `${U}/order/certificate/download?id=${encodeURIComponent(certificateId)}`);
    expect(file.status).toBe(200);
    expect(file.type).toBe('application/pdf');
    expect(file.disposition).toContain(encodeURIComponent(`投保证明-${row.certificateNo}.pdf`));
    const text = pdfText(save('certificate.pdf', file.bytes)).replace(/[ \t]+/g, ' ');
    for (const field of [
      '投保证明',
      '上海张江建设工程有限公司',
      '913501********0Y43',
      '张江科学城航测项目',
      customer.policy.policyNo,
    ])
      expect(text).toContain(field);

    const stranger = platform.client();
    await registerUser(stranger);
    const theirs = await stranger.post(`${U}/order/certificate/withdraw`, { certificateId });
    expect(theirs.body.code).toBe(40400);

    const withdrawn = await client.post(`${U}/order/certificate/withdraw`, { certificateId });
    expect(withdrawn.body.code, withdrawn.body.message).toBe(20000);
    const after = (await documentsOf(client, orderId)).body.data.certificates.find(
      (c: any) => c.certificateId === certificateId,
    );
    expect(after).toMatchObject({ status: 'withdrawn', statusText: '已撤销', actions: [] });
    const gone = await download(client, `${U}/order/certificate/download?id=${encodeURIComponent(certificateId)}`);
    expect(gone.json).toMatchObject({ code: 40900, message: documentMessages.certificateWithdrawn });
    const verification = await platform.pool.query(
      `SELECT data->>'status' AS status FROM issued_documents WHERE data->>'documentId' = $1`,
      [certificateId],
    );
    expect(verification.rows[0].status).toBe('withdrawn');
  }, 90_000);

  it('is only for issued policies and their owners', async () => {
    const draft = await customer.client.post(`${U}/order/save`, generalApplication());
    const early = await customer.client.post(`${U}/order/certificate/add`, {
      orderId: draft.body.data.id,
      name: '张三',
      idNumber: '11010519491231002X',
    });
    expect(early.body).toMatchObject({ code: 40900, message: documentMessages.certificateOnlyWhenIssued });
    const asAdmin = await admin.post(`${U}/order/certificate/add`, {
      orderId: customer.orderId,
      name: '张三',
      idNumber: '11010519491231002X',
    });
    expect(asAdmin.body.code).toBe(40400);
    const missing = await customer.client.post(`${U}/order/certificate/withdraw`, { certificateId: 'nothing' });
    expect(missing.body.code).toBe(40400);
  });
});
