import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generalApplication } from '@feibao/domain/ordering/fixtures';
import {
  ADMIN,
  accountWithRoles,
  signIn,
  startTestPlatform,
  type Client,
  type TestPlatform,
} from '../support/platform.ts';

/**
 * GET /api/v1/rules/cases pages on the server (docs/api/rules-batch-tests.md):
 * 20 a page by default, at most 100, newest first, and a keyword the name contains.
 */

const RULES = '/api/v1/rules';
let platform: TestPlatform;
let auditor: Client;
let tester: Client;

beforeAll(async () => {
  platform = await startTestPlatform();
  const admin = platform.client();
  await signIn(admin, ADMIN.mobilePhone, ADMIN.password);
  auditor = await accountWithRoles(platform, admin, ['auditor']);
  tester = await accountWithRoles(platform, admin, ['batchTest', 'test']);
}, 60_000);
afterAll(async () => {
  await platform?.stop();
});

type CasePage = { list: { caseId: string; name: string }[]; total: number; page: number; pageSize: number };
const casesOf = async (client: Client, query: string) => {
  const answer = await client.get(`${RULES}/cases${query}`);
  expect(answer.body.code, answer.body.message).toBe(20000);
  return answer.body.data as CasePage;
};

describe('rule cases, paged on the server', () => {
  it('answers 45 cases in pages of 20, 20 and 5 and filters by name', { timeout: 60_000 }, async () => {
    // One at a time: the order of creation is the order the pages answer (newest first).
    for (let n = 0; n < 45; n++) {
      const name = n % 9 === 0 ? `夜间作业_${n}` : `常规案例${n}`;
      const created = await auditor.post(`${RULES}/cases/create`, {
        name,
        form: generalApplication(),
        expected: { referral: false, premiums: {}, tolerance: 1 },
      });
      expect(created.body.code, created.body.message).toBe(20000);
    }
    const deadline = Date.now() + 10_000;
    while ((await casesOf(auditor, '')).total < 45 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));

    const pages = await Promise.all([1, 2, 3, 4].map((page) => casesOf(auditor, `?page=${page}`)));
    expect(pages.map((p) => p.list.length)).toEqual([20, 20, 5, 0]);
    expect(pages.every((p) => p.total === 45 && p.pageSize === 20)).toBe(true);
    expect(pages[0]!.list[0]!.name).toBe('常规案例44');
    expect(pages[2]!.list.at(-1)!.name).toBe('夜间作业_0');
    expect(new Set(pages.flatMap((p) => p.list.map((c) => c.caseId))).size).toBe(45);

    // A batch tester reads them too (it picks the cases it runs); the keyword is a plain text, so _ is no wildcard.
    const night = await casesOf(tester, `?keyword=${encodeURIComponent('作业_')}&pageSize=3`);
    expect(night.total).toBe(5);
    expect(night.list.map((c) => c.name)).toEqual(['夜间作业_36', '夜间作业_27', '夜间作业_18']);
    expect((await casesOf(auditor, `?keyword=${encodeURIComponent('案例1')}`)).total).toBe(10);
    expect((await casesOf(auditor, `?keyword=${encodeURIComponent('业%')}`)).total).toBe(0);
    expect((await casesOf(auditor, '?pageSize=100')).list).toHaveLength(45);
  });

  it('refuses a bad page, a page size over 100 and a customer, in the envelope', async () => {
    for (const [query, message] of [
      ['?page=0', '页码不正确'],
      ['?page=x', '页码不正确'],
      ['?pageSize=101', '每页条数不正确'],
      [`?keyword=${'长'.repeat(101)}`, '案例名称不能超过100个字符'],
    ] as const) {
      const answer = await auditor.get(`${RULES}/cases${encodeURI(query)}`);
      expect(answer.status).toBeLessThan(500);
      expect(answer.body).toMatchObject({ code: 40000, message });
    }
    expect((await platform.client().get(`${RULES}/cases`)).body.code).not.toBe(20000);
  });
});
