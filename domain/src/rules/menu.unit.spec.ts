import { describe, expect, it } from 'vitest';
import { mayOpenRulesRoute, mayUseRulesPlatform, rulePlatformMenu, RulesRoutes, type RulesRoute } from './menu.ts';

/** The menu table of docs/api/rules-platform.md written out by hand, route by route: admin, auditor, test, batchTest. */
const expected: Record<RulesRoute, [admin: boolean, auditor: boolean, test: boolean, batchTest: boolean]> = {
  ruleList: [true, true, false, false],
  stageTransform: [true, true, false, false],
  mySceneList: [true, true, false, false],
  complexRuleAdd: [true, true, false, false],
  rulePool: [true, true, false, false],
  ruleCase: [true, true, false, false],
  ruleTransposition: [true, false, false, false],
  'batchTest/null': [false, false, false, true],
  myBatchTestList: [true, true, true, false],
  multipleBatchTestDetail: [true, true, true, false],
  newApplication: [true, true, true, true],
  execApplicationStart: [true, true, false, false],
  myApplication: [true, true, true, true],
  ruleApplication: [true, true, false, false],
  keywordManage: [true, true, false, false],
  insuranceEnableLimit: [true, true, false, false],
  ruleType: [true, true, false, false],
  ruleSource: [true, true, false, false],
  ruleMessage: [true, true, false, false],
  ruleRisk: [true, true, false, false],
  companyRuleStageMerge: [true, true, false, false],
};
const roles = ['admin', 'auditor', 'test', 'batchTest'] as const;

describe('rule platform routes by role (docs/api/rules-platform.md "Menu")', () => {
  it('lists every route of the menu exactly once', () => {
    expect(Object.keys(expected).sort()).toEqual([...RulesRoutes].sort());
  });

  for (const route of RulesRoutes)
    roles.forEach((role, i) => {
      const allowed = expected[route][i];
      it(`${role} ${allowed ? 'may' : 'may not'} open ${route}`, () => {
        expect(mayOpenRulesRoute(route, { roles: [role], userName: '13800000000' })).toBe(allowed);
      });
    });

  it('lets customers, claims staff and guests open nothing', () => {
    for (const viewerRoles of [[], ['user'], ['claims'], ['user', 'claims']]) {
      expect(mayUseRulesPlatform({ roles: viewerRoles, userName: '13800000000' })).toBe(false);
      for (const route of RulesRoutes)
        expect(mayOpenRulesRoute(route, { roles: viewerRoles, userName: '13800000000' })).toBe(false);
      expect(rulePlatformMenu({ roles: viewerRoles, userName: '13800000000' })).toEqual([]);
    }
  });

  it('adds up the routes of several roles', () => {
    const viewer = { roles: ['admin', 'batchTest'], userName: '13800000000' };
    for (const route of RulesRoutes) expect(mayOpenRulesRoute(route, viewer)).toBe(true);
  });

  it('opens everything to the configured superuser, whatever their roles', () => {
    const viewer = { roles: ['user'], userName: '13800000009', superUser: '13800000009' };
    expect(mayUseRulesPlatform(viewer)).toBe(true);
    for (const route of RulesRoutes) expect(mayOpenRulesRoute(route, viewer)).toBe(true);
  });

  it('has no superuser when none is configured', () => {
    for (const superUser of [undefined, null, '']) {
      const viewer = { roles: ['user'], userName: '', superUser };
      expect(mayUseRulesPlatform(viewer)).toBe(false);
    }
  });
});

describe('rulePlatformMenu', () => {
  const titles = (r: string[]) =>
    rulePlatformMenu({ roles: r, userName: '13800000000' }).map(
      (g) => `${g.title}: ${g.items.map((i) => i.title).join(' ')}`,
    );

  it('shows admins all five groups, with rule migration but without batch test', () => {
    expect(titles(['admin'])).toEqual([
      '规则管理: 规则列表 阶段转换 我的场景 新增复合规则 规则池 规则案例 规则迁移',
      '规则测试: 我的批量测试 多批次测试详情',
      '审核列表: 新建申请 审核申请 我的申请 启用与统计',
      '规则配置: 关键字管理 险种启用限制 规则类型 规则来源 规则提示语 规则风险等级',
      '系统配置: 公司规则阶段合并',
    ]);
  });

  it('shows auditors the five groups without rule migration', () => {
    const menu = titles(['auditor']);
    expect(menu).toHaveLength(5);
    expect(menu[0]).toBe('规则管理: 规则列表 阶段转换 我的场景 新增复合规则 规则池 规则案例');
  });

  it('shows testers the rule tests (no batch test) and their applications', () => {
    expect(titles(['test'])).toEqual(['规则测试: 我的批量测试 多批次测试详情', '审核列表: 新建申请 我的申请']);
  });

  it('shows batch testers the batch test and their applications', () => {
    expect(titles(['batchTest'])).toEqual(['规则测试: 批量测试', '审核列表: 新建申请 我的申请']);
  });
});
