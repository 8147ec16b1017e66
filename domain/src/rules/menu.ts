/**
 * The rule platform's menu (docs/api/rules-platform.md "Menu") and who may open each route. The server answers
 * every caller's menu from here and guards every `/api/v1/rules/*` call with `mayOpenRulesRoute`;
 * the web only draws what the server sent.
 */
import { canUseRulePlatform, hasRole, type Role } from '../accounts/roles.ts';

export const RulesMenuGroups = ['ruleManage', 'ruleTest', 'review', 'ruleConfig', 'systemConfig'] as const;
export type RulesMenuGroup = (typeof RulesMenuGroups)[number];

export const RulesRoutes = [
  'ruleList',
  'stageTransform',
  'mySceneList',
  'complexRuleAdd',
  'rulePool',
  'ruleCase',
  'ruleTransposition',
  'batchTest/null',
  'myBatchTestList',
  'multipleBatchTestDetail',
  'newApplication',
  'execApplicationStart',
  'myApplication',
  'ruleApplication',
  'keywordManage',
  'insuranceEnableLimit',
  'ruleType',
  'ruleSource',
  'ruleMessage',
  'ruleRisk',
  'companyRuleStageMerge',
] as const;
export type RulesRoute = (typeof RulesRoutes)[number];

/**
 * Who opens a route. `staff`: admin and auditor. `adminNamed`: a role whose name contains "admin"
 * (the old client's test, kept as written). `ruleTesters`: admin, test and auditor. `batchTesters`: only
 * the batchTest role, admins included only if they hold it too. `everyone`: any rule-platform role.
 */
export type RulesAccess = 'staff' | 'adminNamed' | 'ruleTesters' | 'batchTesters' | 'everyone';

export type RulesMenuItem = { route: RulesRoute; title: string; access: RulesAccess };
export type RulesMenuGroupDef = { key: RulesMenuGroup; title: string; items: readonly RulesMenuItem[] };

export const rulesMenu: readonly RulesMenuGroupDef[] = [
  {
    key: 'ruleManage',
    title: '规则管理',
    items: [
      { route: 'ruleList', title: '规则列表', access: 'staff' },
      { route: 'stageTransform', title: '阶段转换', access: 'staff' },
      { route: 'mySceneList', title: '我的场景', access: 'staff' },
      { route: 'complexRuleAdd', title: '新增复合规则', access: 'staff' },
      { route: 'rulePool', title: '规则池', access: 'staff' },
      { route: 'ruleCase', title: '规则案例', access: 'staff' },
      { route: 'ruleTransposition', title: '规则迁移', access: 'adminNamed' },
    ],
  },
  {
    key: 'ruleTest',
    title: '规则测试',
    items: [
      { route: 'batchTest/null', title: '批量测试', access: 'batchTesters' },
      { route: 'myBatchTestList', title: '我的批量测试', access: 'ruleTesters' },
      { route: 'multipleBatchTestDetail', title: '多批次测试详情', access: 'ruleTesters' },
    ],
  },
  {
    key: 'review',
    title: '审核列表',
    items: [
      { route: 'newApplication', title: '新建申请', access: 'everyone' },
      { route: 'execApplicationStart', title: '审核申请', access: 'staff' },
      { route: 'myApplication', title: '我的申请', access: 'everyone' },
      { route: 'ruleApplication', title: '启用与统计', access: 'staff' },
    ],
  },
  {
    key: 'ruleConfig',
    title: '规则配置',
    items: [
      { route: 'keywordManage', title: '关键字管理', access: 'staff' },
      { route: 'insuranceEnableLimit', title: '险种启用限制', access: 'staff' },
      { route: 'ruleType', title: '规则类型', access: 'staff' },
      { route: 'ruleSource', title: '规则来源', access: 'staff' },
      { route: 'ruleMessage', title: '规则提示语', access: 'staff' },
      { route: 'ruleRisk', title: '规则风险等级', access: 'staff' },
    ],
  },
  {
    key: 'systemConfig',
    title: '系统配置',
    items: [{ route: 'companyRuleStageMerge', title: '公司规则阶段合并', access: 'staff' }],
  },
];

const accessRoles = {
  staff: ['admin', 'auditor'],
  ruleTesters: ['admin', 'test', 'auditor'],
  batchTesters: ['batchTest'],
  everyone: ['admin', 'auditor', 'test', 'batchTest'],
} as const satisfies Record<Exclude<RulesAccess, 'adminNamed'>, readonly Role[]>;

/** Who is asking: roles from the verified token, the account's user name (its phone) and the configured superuser. */
export type RulesViewer = { roles: readonly string[]; userName: string; superUser?: string | null };

/** The one configured user name (RULES_SUPERUSER) sees everything; empty or unset means nobody. */
export const isRulesSuperUser = (viewer: RulesViewer) => !!viewer.superUser && viewer.userName === viewer.superUser;

/** Whether the caller may use the rule platform at all (anyone else gets 40300). */
export const mayUseRulesPlatform = (viewer: RulesViewer) =>
  canUseRulePlatform(viewer.roles) || isRulesSuperUser(viewer);

const allows = (access: RulesAccess, roles: readonly string[]): boolean => {
  if (access === 'adminNamed') return roles.some((role) => role.includes('admin'));
  return hasRole(roles, ...accessRoles[access]);
};

export const rulesMenuItem = (route: RulesRoute): RulesMenuItem & { group: RulesMenuGroupDef } => {
  for (const group of rulesMenu) {
    const item = group.items.find((i) => i.route === route);
    if (item) return { ...item, group };
  }
  throw new Error(`unknown rules route ${route}`);
};

export const isRulesRoute = (value: string): value is RulesRoute => (RulesRoutes as readonly string[]).includes(value);

/** The server's route-level check: true when the viewer may open (and call the API behind) this route. */
export const mayOpenRulesRoute = (route: RulesRoute, viewer: RulesViewer): boolean =>
  isRulesSuperUser(viewer) || (canUseRulePlatform(viewer.roles) && allows(rulesMenuItem(route).access, viewer.roles));

export type VisibleRulesMenu = { key: RulesMenuGroup; title: string; items: { route: RulesRoute; title: string }[] }[];

/** The groups and items this viewer sees, in menu order; a group without a visible item is left out. */
export const rulePlatformMenu = (viewer: RulesViewer): VisibleRulesMenu =>
  rulesMenu
    .map((group) => ({
      key: group.key,
      title: group.title,
      items: group.items
        .filter((item) => mayOpenRulesRoute(item.route, viewer))
        .map(({ route, title }) => ({ route, title })),
    }))
    .filter((group) => group.items.length > 0);
