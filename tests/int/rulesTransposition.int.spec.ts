import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  accountWithRoles,
  signIn,
  startTestPlatform,
  type Client,
  type TestPlatform,
} from '../support/platform.ts';

/**
 * 规则迁移: export rules as JSON or Excel, import them back as new drafts (content unchanged, or a
 * table cell changed in Excel), copy one insurer's tariff to another, and keep it all to roles
 * named admin.
 */

const API = '/api/v1/rules/transposition';
const DENIED = { code: 40300, message: '无权限访问' };
let platform: TestPlatform;
let admin: Client;

type Result = { ruleId: string; ok: boolean; version?: number; message?: string };
type Content = { nodes: { id: string; name: string; type: string; content?: any }[]; edges: unknown[] };

const headers = (client: Client) => ({
  authorization: `Bearer ${client.state.accessToken}`,
  'x-consistency-token': String(client.consistency),
});

const download = async (client: Client, query: Record<string, string>) => {
  const response = await fetch(`${platform.baseUrl}${API}/export?${new URLSearchParams(query)}`, {
    headers: headers(client),
  });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
};

const upload = async (client: Client, bytes: Uint8Array, name: string, fields: Record<string, string>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([bytes]), name);
  const response = await fetch(`${platform.baseUrl}${API}/import`, {
    method: 'POST',
    headers: headers(client),
    body: form,
  });
  const seen = Number(response.headers.get('x-consistency-token'));
  return { body: (await response.json()) as { code: number; message: string; data: Result[] }, seen };
};

const version = async (ruleId: string, v: number, token: number) => {
  const answer = await admin.get(`/api/v1/rules/version?ruleId=${ruleId}&version=${v}`, {
    headers: { 'x-consistency-token': String(token) },
  });
  expect(answer.body.code, answer.body.message).toBe(20000);
  return answer.body.data as { status: string; content: Content };
};

beforeAll(async () => {
  platform = await startTestPlatform({ env: { SMS_HOURLY_PER_ADDRESS: '100000' } });
  admin = platform.client();
  await signIn(admin, ADMIN.mobilePhone, ADMIN.password);
  // Version 1 of every rule is seeded and enabled at start-up; the projector may still be catching up.
  const deadline = Date.now() + 15_000;
  for (;;) {
    const list = (await admin.get('/api/v1/rules/list')).body.data as {
      ruleId: string;
      enabledVersion: number | null;
    }[];
    if (['tariff-1', 'tariff-2', 'referral'].every((id) => list.some((r) => r.ruleId === id && r.enabledVersion)))
      break;
    if (Date.now() > deadline) throw new Error('seeded rules never enabled');
    await new Promise((r) => setTimeout(r, 100));
  }
}, 60_000);
afterAll(async () => {
  await platform?.stop();
});

describe('rule transposition', () => {
  it('exports JSON and imports it back as new drafts equal in content', async () => {
    const { response, bytes } = await download(admin, { format: 'json', ruleIds: 'tariff-1,referral' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="rules-\d{4}-\d{2}-\d{2}\.json"; filename\*=UTF-8''/,
    );
    const exported = JSON.parse(bytes.toString('utf8')) as {
      exportedBy: string;
      rules: { ruleId: string; version: number; status: string; content: Content }[];
    };
    expect(exported.exportedBy).toBe(ADMIN.mobilePhone);
    expect(exported.rules.map((r) => [r.ruleId, r.status])).toEqual([
      ['referral', 'enabled'],
      ['tariff-1', 'enabled'],
    ]);

    const imported = await upload(admin, bytes, '规则导出.json', { reason: '迁移测试' });
    expect(imported.body.code, imported.body.message).toBe(20000);
    expect(imported.body.data).toEqual([
      { ruleId: 'referral', ok: true, version: expect.any(Number) },
      { ruleId: 'tariff-1', ok: true, version: expect.any(Number) },
    ]);
    for (const [i, result] of imported.body.data.entries()) {
      const draft = await version(result.ruleId, result.version!, imported.seen);
      expect(draft.status).toBe('draft');
      expect(draft.content).toEqual(exported.rules[i]!.content);
    }
  });

  it('exports a workbook, and a premium changed in Excel comes back in the draft', async () => {
    const { response, bytes } = await download(admin, { format: 'xlsx', ruleIds: 'tariff-1' });
    expect(response.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as any);
    expect(workbook.worksheets[0]!.getRow(1).values).toEqual([
      undefined,
      '编号',
      '名称',
      '阶段',
      '保险公司',
      '版本',
      '状态',
    ]);
    const sheet = workbook.worksheets.find((ws) => ws.name.includes('三者险责任限额'))!;
    expect(sheet.name.length).toBeLessThanOrEqual(31);
    const column = (sheet.getRow(5).values as unknown[]).indexOf('每架年保费');
    const nodeId = String(sheet.getCell(3, 2).value);
    sheet.getCell(7, column).value = 1234.5;
    const edited = await workbook.xlsx.writeBuffer();

    const imported = await upload(admin, new Uint8Array(edited as ArrayBuffer), 'tariff.xlsx', {
      format: 'xlsx',
      reason: 'Excel改保费',
    });
    expect(imported.body.code, imported.body.message).toBe(20000);
    expect(imported.body.data).toEqual([{ ruleId: 'tariff-1', ok: true, version: expect.any(Number) }]);
    const draft = await version('tariff-1', imported.body.data[0]!.version!, imported.seen);
    const table = draft.content.nodes.find((n) => n.id === nodeId)!.content;
    const output = table.outputs.find((o: { name: string }) => o.name === '每架年保费').id;
    expect(table.rules[0][output]).toBe('1234.5');

    const broken = await upload(admin, Buffer.from('not a workbook'), 'x.xlsx', { reason: '坏文件' });
    expect(broken.body).toMatchObject({ code: 40000, message: '文件不是有效的Excel工作簿' });
    const noFile = await admin.post(`${API}/import`, { reason: 'x' });
    expect(noFile.body).toMatchObject({ code: 40000, message: '请选择要导入的文件' });
  });

  it('refuses an unknown rule without a definition, per rule', async () => {
    const file = Buffer.from(JSON.stringify({ rules: [{ ruleId: 'ghost-rule', content: { nodes: [], edges: [] } }] }));
    const imported = await upload(admin, file, 'ghost.json', { reason: '测试' });
    expect(imported.body.data).toEqual([{ ruleId: 'ghost-rule', ok: false, message: expect.stringContaining('规则') }]);
  });

  it("copies insurer 1's tariff to insurer 2 as a draft of tariff-2", async () => {
    const copied = await admin.post(`${API}/copy`, { fromInsurerId: 1, toInsurerId: 2, reason: '平安沿用人保费率' });
    expect(copied.body.code, copied.body.message).toBe(20000);
    const result = (copied.body.data as Result[]).find((r) => r.ruleId === 'tariff-2')!;
    expect(result).toEqual({ ruleId: 'tariff-2', ok: true, version: expect.any(Number) });
    const draft = await version('tariff-2', result.version!, admin.consistency);
    const source = await version('tariff-1', 1, admin.consistency);
    expect(draft.status).toBe('draft');
    expect(draft.content).toEqual(source.content);

    expect((await admin.post(`${API}/copy`, { fromInsurerId: 1, toInsurerId: 1, reason: 'x' })).body).toMatchObject({
      code: 40000,
      message: '源保险公司与目标保险公司不能相同',
    });
    expect((await admin.post(`${API}/copy`, { fromInsurerId: 1, toInsurerId: 99, reason: 'x' })).body).toMatchObject({
      code: 40000,
      message: '保险公司不存在',
    });
  });

  it('keeps all three to roles named admin', async () => {
    const auditor = await accountWithRoles(platform, admin, ['auditor']);
    expect((await auditor.get(`${API}/export?format=json`)).body).toMatchObject(DENIED);
    expect((await upload(auditor, Buffer.from('{}'), 'x.json', { reason: 'x' })).body).toMatchObject(DENIED);
    expect((await auditor.post(`${API}/copy`, { fromInsurerId: 1, toInsurerId: 2, reason: 'x' })).body).toMatchObject(
      DENIED,
    );
  });
});
