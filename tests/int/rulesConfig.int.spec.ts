import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  accountWithRoles,
  registerUser,
  signIn,
  startTestPlatform,
  type Client,
  type TestPlatform,
} from '../support/platform.ts';

/**
 * The rule dictionaries (规则配置, docs/api/rules-config.md): entries are created, edited, disabled and enabled
 * through events, listed by kind with search and enabled filter, seeded once at start-up, and
 * kept to admin and auditor.
 */

const CONFIG = '/api/v1/rules/config';
const DENIED = { code: 40300, message: '无权限访问' };
let platform: TestPlatform;
let admin: Client;

type Entry = {
  kind: string;
  code: string;
  enabled: boolean;
  name?: string;
  category?: string;
  effect?: string;
  staffText?: string;
  updatedBy: string;
};
const list = async (client: Client, query: Record<string, string>) => {
  const answer = await client.get(`${CONFIG}?${new URLSearchParams(query)}`);
  expect(answer.body.code, answer.body.message).toBe(20000);
  return answer.body.data as Entry[];
};
const uniqueCode = () => `kw-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

beforeAll(async () => {
  platform = await startTestPlatform({ env: { SMS_HOURLY_PER_ADDRESS: '100000' } });
  admin = platform.client();
  await signIn(admin, ADMIN.mobilePhone, ADMIN.password);
}, 60_000);
afterAll(async () => {
  await platform?.stop();
});

describe('rule configuration', () => {
  it('starts with the seeded risk levels, rule types, sources and referral messages', async () => {
    // Seeded at start-up, before any write of ours: the projector may still be catching up.
    const deadline = Date.now() + 10_000;
    let risks = await list(admin, { kind: 'ruleRisk' });
    while (risks.length < 3 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      risks = await list(admin, { kind: 'ruleRisk' });
    }
    expect(risks.map((r) => [r.code, r.name, r.effect])).toEqual([
      ['high', '高', 'decline'],
      ['low', '低', 'auto'],
      ['medium', '中', 'refer'],
    ]);
    expect((await list(admin, { kind: 'ruleType' })).map((t) => t.name).sort()).toEqual(
      ['价格区间', '批改规则', '退保规则', '核保转人工', '费率', '限额'].sort(),
    );
    expect((await list(admin, { kind: 'ruleSource' })).map((s) => s.name).sort()).toEqual(
      ['承保人员', '系统初始化'].sort(),
    );
    const messages = await list(admin, { kind: 'ruleMessage', q: '50万元' });
    expect(messages).toMatchObject([
      { code: 'referral.dronePrice', staffText: '无人机单价超过50万元，需保险公司核保', enabled: true },
    ]);
  });

  it('creates, updates, disables and enables an entry, refusing duplicates and bad fields', async () => {
    const code = uniqueCode();
    const created = await admin.post(`${CONFIG}/create`, {
      kind: 'keyword',
      code,
      name: '续航时间',
      category: '无人机',
      description: '分钟',
    });
    expect(created.body).toMatchObject({
      code: 20000,
      message: '已新增',
      data: { kind: 'keyword', code, enabled: true, name: '续航时间' },
    });
    expect((await admin.post(`${CONFIG}/create`, { kind: 'keyword', code, name: '另一个' })).body).toMatchObject({
      code: 40900,
      message: '编码已存在',
    });
    expect((await admin.post(`${CONFIG}/create`, { kind: 'keyword', code: '', name: 'x' })).body).toMatchObject({
      code: 40000,
      message: '编码不能为空',
    });
    expect(
      (await admin.post(`${CONFIG}/create`, { kind: 'keyword', code: uniqueCode(), name: ' ' })).body,
    ).toMatchObject({ code: 40000, message: '名称不能为空' });
    expect(
      (await admin.post(`${CONFIG}/create`, { kind: 'ruleRisk', code: uniqueCode(), name: '极高', effect: 'ban' }))
        .body,
    ).toMatchObject({ code: 40000, message: '请选择风险处理方式' });
    expect(
      (await admin.post(`${CONFIG}/create`, { kind: 'colour', code: uniqueCode(), name: 'x' })).body,
    ).toMatchObject({ code: 40000, message: '配置类型不正确' });

    const updated = await admin.post(`${CONFIG}/update`, {
      kind: 'keyword',
      code,
      name: '最大续航时间',
      category: '无人机',
      description: '分钟',
      reason: '更正名称',
    });
    expect(updated.body).toMatchObject({ code: 20000, data: { name: '最大续航时间' } });
    expect(
      (await admin.post(`${CONFIG}/update`, { kind: 'keyword', code: uniqueCode(), name: 'x' })).body,
    ).toMatchObject({ code: 40400, message: '配置项不存在' });
    expect(await list(admin, { kind: 'keyword', q: '续航' })).toMatchObject([
      { code, name: '最大续航时间', enabled: true, updatedBy: ADMIN.mobilePhone },
    ]);

    expect((await admin.post(`${CONFIG}/disable`, { kind: 'keyword', code, reason: '不再使用' })).body).toMatchObject({
      code: 20000,
      message: '已停用',
      data: { enabled: false },
    });
    expect((await admin.post(`${CONFIG}/disable`, { kind: 'keyword', code })).body).toMatchObject({
      code: 40900,
      message: '该配置项已停用',
    });
    expect((await list(admin, { kind: 'keyword', enabled: 'false' })).map((e) => e.code)).toContain(code);
    expect((await list(admin, { kind: 'keyword', enabled: 'true' })).map((e) => e.code)).not.toContain(code);
    expect((await admin.post(`${CONFIG}/enable`, { kind: 'keyword', code })).body).toMatchObject({
      code: 20000,
      data: { enabled: true },
    });
  });

  it('lets an auditor read the list written by an admin', async () => {
    const auditor = await accountWithRoles(platform, admin, ['auditor']);
    const code = uniqueCode();
    expect((await admin.post(`${CONFIG}/create`, { kind: 'ruleSource', code, name: '再保人' })).body.code).toBe(20000);
    const answer = await auditor.get(`${CONFIG}?kind=ruleSource`, {
      headers: { 'x-consistency-token': String(admin.consistency) },
    });
    expect((answer.body.data as Entry[]).map((e) => e.code)).toContain(code);
  });

  it('refuses test, batchTest and customers with 40300 and callers without a session with 50008', async () => {
    for (const roles of [['test'], ['batchTest'], []]) {
      const client = roles.length ? await accountWithRoles(platform, admin, roles) : platform.client();
      if (!roles.length) await registerUser(client);
      expect((await client.get(`${CONFIG}?kind=keyword`)).body, roles.join()).toMatchObject(DENIED);
      expect(
        (await client.post(`${CONFIG}/create`, { kind: 'keyword', code: uniqueCode(), name: 'x' })).body,
        roles.join(),
      ).toMatchObject(DENIED);
    }
    const anonymous = platform.client();
    expect((await anonymous.get(`${CONFIG}?kind=keyword`)).body).toMatchObject({ code: 50008 });
    expect(
      (await anonymous.post(`${CONFIG}/create`, { kind: 'keyword', code: uniqueCode(), name: 'x' })).body,
    ).toMatchObject({ code: 50008 });
  });
});
