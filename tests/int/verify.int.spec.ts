import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { documentFiles } from '@feibao/read-models/documents/files';
import { openApiChecker } from '../support/openapi.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { shanghaiMidnight } from '@feibao/domain/shared/calendar';
import { startTestPlatform, until, type ApiAnswer, type TestPlatform } from '../support/platform.ts';
import { companyProfile, customerWithPolicy } from '../support/policies.ts';
import { appendDocumentEvents, fakePdf, newVerificationCode, resetVerifyLimits } from '../support/verification.ts';

/**
 * Public verification (docs/api/verify.md) over HTTP through the edge, on a policy bought through the
 * real flow and documents events appended as the documents workers append them (their contract), with
 * the query service's clock moved to see each status. No timings are asserted (the padding is unit-tested).
 */

const VERIFY = '/api/v1/uav/verify';
const FILE = '/api/v1/uav/verify/file';

let platform: TestPlatform;
let shift = 0;
let customer: Awaited<ReturnType<typeof customerWithPolicy>>;
const policy = { code: newVerificationCode(), file: fakePdf(), contentSha256: 'c'.repeat(64) };
const certificate = { id: randomUUID(), code: newVerificationCode(), file: fakePdf() };
const withdrawn = { id: randomUUID(), code: newVerificationCode(), file: fakePdf() };

const lookup = (code: string) => platform.client().get(`${VERIFY}?code=${encodeURIComponent(code)}`);
const upload = async (bytes: Buffer, type = 'application/pdf') => {
  const response = await fetch(platform.baseUrl + FILE, {
    method: 'POST',
    headers: { 'content-type': type },
    body: bytes,
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as ApiAnswer['body'] };
};
const issued = (file: { sha256: string }) =>
  until(
    async () =>
      (await platform.pool.query('SELECT 1 FROM verification_codes WHERE file_sha256 = $1', [file.sha256])).rowCount,
    (n) => n === 1,
  );

beforeAll(async () => {
  platform = await startTestPlatform({
    env: { QUOTE_DAY_SECONDS: '0.2', QUOTE_DEADLINE_DAYS: '300' },
    now: () => new Date(Date.now() + shift),
  });
  customer = await customerWithPolicy(platform);
  const { orderId } = customer;
  const at = new Date().toISOString();
  const issue = (file: { bytes: Buffer; sha256: string }) => ({
    fileSha256: file.sha256,
    pages: 1,
    bytes: file.bytes.length,
    issuedAt: at,
  });
  await appendDocumentEvents(platform, orderId, [
    {
      type: 'PolicyDocumentIssued',
      data: {
        orderId,
        documentId: randomUUID(),
        policyNo: customer.policy.policyNo ?? 'P1',
        verificationCode: policy.code,
        contentSha256: policy.contentSha256,
        ...issue(policy.file),
      },
    },
    ...[certificate, withdrawn].flatMap((c, i) => [
      {
        type: 'CertificateHolderAdded',
        data: {
          orderId,
          certificateId: c.id,
          holder: {
            name: i === 0 ? '张三' : '上海飞控测绘有限公司',
            idNumber: '110101199003077777',
            address: '上海市浦东新区',
            purpose: '某项目',
          },
          addedBy: customer.phone,
          addedAt: at,
        },
      },
      {
        type: 'CertificateIssued',
        data: {
          orderId,
          certificateId: c.id,
          verificationCode: c.code,
          contentSha256: 'd'.repeat(64),
          ...issue(c.file),
        },
      },
    ]),
    {
      type: 'CertificateWithdrawn',
      data: { orderId, certificateId: withdrawn.id, withdrawnBy: customer.phone, withdrawnAt: at },
    },
  ]);
  await issued(policy.file);
  await issued(withdrawn.file);
}, 120_000);
afterAll(async () => platform?.stop());
beforeEach(async () => {
  shift = 0;
  await resetVerifyLimits(platform);
});

describe('verification by code', () => {
  it('answers 有效 for a policy in force, with only what may be shown', async () => {
    const answer = await lookup(policy.code);
    expect(answer.body.code, answer.body.message).toBe(20000);
    const { status, statusText, document } = answer.body.data;
    expect([status, statusText]).toEqual(['valid', '有效']);
    expect(Object.keys(document).sort()).toEqual(
      [
        'contentSha256',
        'covers',
        'droneCount',
        'holder',
        'insurer',
        'kind',
        'kindText',
        'period',
        'policyholder',
      ].sort(),
    );
    expect(document).toMatchObject({
      kind: 'policy',
      kindText: '电子保单',
      insurer: customer.policy.insuranceCompanyName ?? expect.any(String),
      policyholder: '飞保测绘***公司',
      holder: null,
      contentSha256: policy.contentSha256,
    });
    expect(document.droneCount).toBeGreaterThan(0);
    expect(document.covers.length).toBeGreaterThan(0);
    for (const cover of document.covers) expect(cover.sumInsured).toBeGreaterThan(0);
    expect(document.period.text).toMatch(/^\d{4}-\d\d-\d\d 00:00 至 \d{4}-\d\d-\d\d 24:00$/);
  });

  it('holds nothing personal: no phone, no ID or credit code, no premium, no order id', async () => {
    const text =
      JSON.stringify((await lookup(certificate.code)).body) + JSON.stringify((await lookup(policy.code)).body);
    for (const secret of [
      customer.phone,
      companyProfile.phone,
      companyProfile.unifiedSocialCreditCode,
      companyProfile.email,
      companyProfile.enterpriseName,
      '110101199003077777',
      '上海市浦东新区',
      customer.orderId,
      customer.policy.orderNo,
    ])
      expect(text).not.toContain(secret);
    expect(text).not.toMatch(/premium|price|phone|idNumber|orderId/i);
  });

  it('takes the code typed in lower case, without hyphens, or as the QR address', async () => {
    for (const typed of [
      policy.code.toLowerCase(),
      policy.code.replaceAll('-', ''),
      `https://feibao.example/verify/${policy.code}`,
    ])
      expect((await lookup(typed)).body.data.status).toBe('valid');
  });

  it('answers 未生效 before 00:00 of the start day and 已失效 from 24:00 of the end day', async () => {
    const { period } = (await lookup(policy.code)).body.data.document;
    // The clock moves on while a lookup runs: each instant is set a minute away from the boundary, or on it.
    const startsAt = shanghaiMidnight(period.startDate).getTime();
    const endsAt = shanghaiMidnight(period.endDate).getTime() + 24 * 3600_000;
    shift = startsAt - 60_000 - Date.now();
    expect((await lookup(policy.code)).body.data).toMatchObject({ status: 'notYetValid', statusText: '未生效' });
    shift = endsAt - 60_000 - Date.now();
    expect((await lookup(policy.code)).body.data.status).toBe('valid');
    shift = endsAt - Date.now();
    expect((await lookup(policy.code)).body.data).toMatchObject({ status: 'expired', statusText: '已失效' });
  });

  it('answers a certificate with its holder masked, and 已撤销 once withdrawn', async () => {
    const valid = (await lookup(certificate.code)).body.data;
    expect(valid).toMatchObject({
      status: 'valid',
      document: { kind: 'certificate', kindText: '投保证明', holder: '张*' },
    });
    const gone = (await lookup(withdrawn.code)).body.data;
    expect(gone).toMatchObject({ status: 'withdrawn', statusText: '已撤销', document: { holder: '上海飞控***公司' } });
  });

  it('answers 不存在 for a code never issued, a malformed one, and refuses an empty one', async () => {
    for (const code of [newVerificationCode(), 'not-a-code', "'; DROP TABLE verification_codes;--"]) {
      const answer = await lookup(code);
      expect(answer.body.code).toBe(20000);
      expect(answer.body.data).toEqual({ status: 'notFound', statusText: '不存在', document: null });
      expect(answer.body.message).toBe('未找到该验证码对应的保单或投保证明');
    }
    const empty = await platform.client().get(VERIFY);
    expect([empty.status, empty.body.code, empty.body.message]).toEqual([400, 40000, '请输入验证码']);
  });

  it('lets an address look up 30 codes a minute: the 31st answers 42900 with Retry-After', async () => {
    for (let i = 0; i < 30; i += 1) expect((await lookup(newVerificationCode())).body.code).toBe(20000);
    const refused = await lookup(policy.code);
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([429, 42900, '查询过于频繁，请稍后再试']);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body.data).toBeNull();
  });

  it('answers 已失效 once the lapse is recorded', async () => {
    const { orderId } = customer;
    await platform.command.deps.eventStore.appendToStream(`order-${orderId}`, [
      { type: 'PolicyLapsed', data: { orderId, at: new Date().toISOString() } },
    ] as never);
    await until(
      async () => (await lookup(policy.code)).body.data.status,
      (s) => s === 'expired',
    );
    expect((await lookup(certificate.code)).body.data.status).toBe('expired');
    // A withdrawn certificate stays withdrawn.
    expect((await lookup(withdrawn.code)).body.data.status).toBe('withdrawn');
  });
});

describe('verification by file', () => {
  it('recognises a genuine file and answers as its code does', async () => {
    const answer = await upload(policy.file.bytes);
    expect(answer.body.code, answer.body.message).toBe(20000);
    expect(answer.body.message).toBe('文件校验通过：与本平台签发的文件完全一致');
    expect(answer.body.data).toEqual((await lookup(policy.code)).body.data);
    const cert = await upload(withdrawn.file.bytes, 'application/octet-stream');
    expect(cert.body.data).toMatchObject({ status: 'withdrawn', document: { holder: '上海飞控***公司' } });
  });

  it('fails a tampered file (one byte changed) with a clear message', async () => {
    const tampered = Buffer.from(policy.file.bytes);
    tampered[tampered.length - 20] = (tampered[tampered.length - 20] ?? 0) ^ 0x01;
    const answer = await upload(tampered);
    expect(answer.body.code).toBe(20000);
    expect(answer.body.data).toEqual({ status: 'notFound', statusText: '不存在', document: null });
    expect(answer.body.message).toBe('该文件不是本平台签发的文件，或已被改动（任何一个字节的改动都会使校验失败）');
  });

  it('judges the upload by its content and size', async () => {
    const notPdf = await upload(Buffer.from('<html>%PDF-1.7</html>'));
    expect([notPdf.status, notPdf.body.code, notPdf.body.message]).toEqual([
      400,
      40000,
      '请上传 PDF 文件（文件内容不是 PDF）',
    ]);
    const json = await upload(Buffer.from('{"a":1}'), 'application/json');
    expect(json.body.code).toBe(41500);
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 0x20);
    big.write('%PDF-1.7\n', 'latin1');
    const tooLarge = await upload(big);
    expect([tooLarge.status, tooLarge.body.code]).toEqual([413, 41300]);
    expect(tooLarge.body.message).toBe('文件过大，请上传不超过 5 MB 的 PDF 文件');
    const huge = await upload(Buffer.alloc(8 * 1024 * 1024, 0x25));
    expect(huge.body.code).toBe(41300);
  });

  it('lets an address check 10 files a minute: the 11th answers 42900', async () => {
    for (let i = 0; i < 10; i += 1) expect((await upload(fakePdf().bytes)).body.code).toBe(20000);
    const refused = await upload(policy.file.bytes);
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([
      429,
      42900,
      '上传验真过于频繁，请稍后再试',
    ]);
    expect(refused.headers.get('retry-after')).toBe('60');
    // The code budget is its own.
    expect((await lookup(policy.code)).body.code).toBe(20000);
  });
});

describe('the OpenAPI document', () => {
  it('describes every answer of both routes', async () => {
    const api = await openApiChecker(platform.baseUrl);
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 0x20);
    big.write('%PDF-1.7', 'latin1');
    for (const code of [policy.code, certificate.code, newVerificationCode()])
      api.conforms('GET', `${VERIFY}?code=x`, await lookup(code));
    api.conforms('GET', VERIFY, await platform.client().get(VERIFY));
    for (const [bytes, type] of [
      [policy.file.bytes, 'application/pdf'],
      [fakePdf().bytes, 'application/pdf'],
      [Buffer.from('not a pdf'), 'application/pdf'],
      [Buffer.from('{}'), 'application/json'],
      [big, 'application/pdf'],
    ] as const)
      api.conforms('POST', FILE, await upload(bytes, type));
    for (let i = 0; i < 30; i += 1) await lookup(policy.code);
    const refused = await lookup(policy.code);
    expect(refused.status).toBe(429);
    api.conforms('GET', VERIFY, refused);
  });
});

/** The QR code on page 1 of a PDF, as a phone reads it: rendered at 150 dpi, then decoded. */
const qrOf = (pdf: Buffer) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'verify-qr-'));
  writeFileSync(path.join(dir, 'doc.pdf'), pdf);
  execFileSync('pdftoppm', ['-r', '150', '-png', '-f', '1', '-l', '1', '-singlefile', 'doc.pdf', 'page'], { cwd: dir });
  const png = PNG.sync.read(readFileSync(path.join(dir, 'page.png')));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
};

describe('the whole flow, with the documents workers', () => {
  it('buy → the policy PDF → its QR code verifies → the downloaded file verifies → one byte changed fails', async () => {
    const bought = await customerWithPolicy(platform);
    const stream = `policy-documents-${bought.orderId}`;
    const issuedEvent = await until(
      async () =>
        (await platform.command.deps.eventStore.readStream(stream)).events.find(
          (e) => e.type === 'PolicyDocumentIssued',
        ),
      (event) => event !== undefined,
      60_000,
    );
    const { fileSha256, contentSha256, verificationCode } = issuedEvent!.data as Record<string, string>;
    const file = await documentFiles(platform.pool).get(fileSha256!);
    expect(file?.bytes.subarray(0, 5).toString()).toBe('%PDF-');

    const scanned = qrOf(file!.bytes);
    expect(scanned).toMatch(/\/verify\/[0-9A-Z-]+$/);
    expect(scanned!.startsWith(`${platform.config.publicBaseUrl.replace(/\/+$/, '')}/verify/`)).toBe(true);
    // The verification projection may still be behind the issuing event; the first call after a long
    // idle may also meet a keep-alive connection the edge has just closed.
    const byQr = await until(
      async () => (await lookup(scanned!).catch(() => null))?.body.data ?? null,
      (data) => data !== null && data.status !== 'notFound',
    );
    expect(byQr).toMatchObject({
      status: 'valid',
      document: { kind: 'policy', policyholder: '飞保测绘***公司', contentSha256 },
    });
    expect((await lookup(verificationCode!)).body.data).toEqual(byQr);

    const genuine = await upload(file!.bytes);
    expect(genuine.body.data).toEqual(byQr);
    const tampered = Buffer.from(file!.bytes);
    tampered[Math.floor(tampered.length / 2)] = (tampered[Math.floor(tampered.length / 2)] ?? 0) ^ 0x01;
    const failed = await upload(tampered);
    expect(failed.body.data).toEqual({ status: 'notFound', statusText: '不存在', document: null });
    expect(failed.body.message).toContain('已被改动');
  }, 120_000);
});
