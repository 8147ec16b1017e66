import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors.ts';
import { ResultCode } from '../shared/codes.ts';
import { referralDecision } from './seed/seededRules.ts';
import { initialRule, ruleDecider, type RuleCommand, type RuleEvent, type RuleState } from './rule.ts';

const now = new Date('2026-11-21T02:00:00Z');
const alice = { now, actor: '13800000001', roles: ['auditor'] };
const bob = { now, actor: '13800000002', roles: ['admin'] };
const content = referralDecision();

const given = (events: RuleEvent[]): RuleState => events.reduce(ruleDecider.evolve, initialRule());
const when = (events: RuleEvent[], command: RuleCommand) => ruleDecider.decide(command, given(events));
const step = (type: RuleCommand['type'], version: number, metadata = bob, reason = '复核通过') =>
  ({
    type,
    data: {
      ruleId: 'referral',
      version,
      reason,
      ...(type === 'SubmitRuleVersion' ? { overrideReason: '阈值调整，无需测试' } : {}),
    },
    metadata,
  }) as RuleCommand;
const definition = {
  ruleId: 'referral',
  name: '人工核保规则',
  stage: 'referral',
  rank: 1,
  insurerId: null,
  scenes: [],
  type: 'referral',
  source: null,
  risk: null,
  message: null,
  description: '',
} as const;
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e instanceof DomainError ? { code: e.code, message: e.message } : e;
  }
  return null;
};

const defined = when([], { type: 'DefineRule', data: { ...definition, scenes: [], reason: '新建' }, metadata: alice });
const drafted = [
  ...defined,
  ...when(defined, {
    type: 'DraftRuleVersion',
    data: { ruleId: 'referral', content, reason: '调整阈值' },
    metadata: alice,
  }),
];
const submitted = [...drafted, ...when(drafted, step('SubmitRuleVersion', 1, alice, '请审核'))];
const approved = [...submitted, ...when(submitted, step('ApproveRuleVersion', 1))];
const enabled = [...approved, ...when(approved, step('EnableRuleVersion', 1))];

describe('rule versions', () => {
  it('are drafted as the next version, with who, when and why', () => {
    expect(drafted.slice(1)).toEqual([
      {
        type: 'RuleVersionDrafted',
        data: { ruleId: 'referral', version: 1, by: alice.actor, at: now.toISOString(), reason: '调整阈值', content },
      },
    ]);
  });
  it('refuse unknown rules, bad models, missing reasons and roles outside rule staff', () => {
    expect(
      refusal(() =>
        when([], { type: 'DraftRuleVersion', data: { ruleId: 'tariff-99', content, reason: 'x' }, metadata: alice }),
      ),
    ).toMatchObject({ code: ResultCode.notFound });
    expect(
      refusal(() =>
        when(defined, {
          type: 'DraftRuleVersion',
          data: { ruleId: 'referral', content: { nodes: [{ id: 'f', type: 'functionNode' }], edges: [] }, reason: 'x' },
          metadata: alice,
        }),
      ),
    ).toMatchObject({ code: ResultCode.badRequest });
    expect(
      refusal(() =>
        when([], { type: 'DraftRuleVersion', data: { ruleId: 'referral', content, reason: ' ' }, metadata: alice }),
      ),
    ).toEqual({ code: ResultCode.badRequest, message: '请填写原因' });
    expect(
      refusal(() =>
        when(defined, {
          type: 'DraftRuleVersion',
          data: { ruleId: 'referral', content, reason: 'x' },
          metadata: { ...alice, roles: ['test'] },
        }),
      ),
    ).toMatchObject({ code: ResultCode.forbidden });
  });
  it('go through review before they can be enabled', () => {
    expect(refusal(() => when(drafted, step('ApproveRuleVersion', 1)))).toEqual({
      code: ResultCode.conflict,
      message: '仅审核中的版本可以审批或驳回',
    });
    expect(refusal(() => when(submitted, step('EnableRuleVersion', 1)))).toEqual({
      code: ResultCode.conflict,
      message: '仅已审批的版本可以启用',
    });
    expect(given(enabled)).toMatchObject({ enabled: 1, versions: [{ version: 1, status: 'enabled' }] });
  });
  it('are never approved by their author', () => {
    expect(refusal(() => when(submitted, step('ApproveRuleVersion', 1, alice)))).toEqual({
      code: ResultCode.forbidden,
      message: '不能审批自己提交的规则版本',
    });
  });
  it('once rejected can never be enabled', () => {
    const rejected = [...submitted, ...when(submitted, step('RejectRuleVersion', 1))];
    expect(given(rejected).versions[0]!.status).toBe('rejected');
    expect(refusal(() => when(rejected, step('EnableRuleVersion', 1)))).toMatchObject({ code: ResultCode.conflict });
  });
  it('replace the enabled version when enabled: one enabled version per rule', () => {
    const v2 = [
      ...enabled,
      ...when(enabled, {
        type: 'DraftRuleVersion',
        data: { ruleId: 'referral', content, reason: 'v2' },
        metadata: alice,
      }),
    ];
    const v2ok = [...v2, ...when(v2, step('SubmitRuleVersion', 2, alice))];
    const v2approved = [...v2ok, ...when(v2ok, step('ApproveRuleVersion', 2))];
    const events = when(v2approved, step('EnableRuleVersion', 2, bob, '上线'));
    expect(events.map((e) => [e.type, (e.data as { version?: number }).version])).toEqual([
      ['RuleVersionRetired', 1],
      ['RuleVersionEnabled', 2],
    ]);
    expect(given([...v2approved, ...events])).toMatchObject({
      enabled: 2,
      versions: [{ status: 'retired' }, { status: 'enabled' }],
    });
  });
  it('retire an enabled version, leaving the rule without one', () => {
    const retired = [...enabled, ...when(enabled, step('RetireRuleVersion', 1, bob, '停用'))];
    expect(given(retired)).toMatchObject({ enabled: null, versions: [{ status: 'retired' }] });
  });
});

describe('rule definitions', () => {
  it('are defined once, with who, when and why', () => {
    expect(defined).toEqual([
      {
        type: 'RuleDefined',
        data: { ...definition, scenes: [], by: alice.actor, at: now.toISOString(), reason: '新建' },
      },
    ]);
    expect(given(defined).definition).toMatchObject({ stage: 'referral', rank: 1 });
    expect(
      refusal(() =>
        when(defined, { type: 'DefineRule', data: { ...definition, scenes: [], reason: '再建' }, metadata: alice }),
      ),
    ).toEqual({ code: ResultCode.conflict, message: '规则编号已存在' });
  });
  it('record only what changed', () => {
    const change = (changes: object) =>
      when(defined, {
        type: 'ChangeRuleDefinition',
        data: { ruleId: 'referral', changes, reason: '调整' },
        metadata: bob,
      });
    expect(change({ name: '人工核保规则', scenes: ['教育培训'] })).toMatchObject([
      { type: 'RuleDefinitionChanged', data: { changes: { scenes: ['教育培训'] } } },
    ]);
    expect(refusal(() => change({ name: '人工核保规则' }))).toEqual({
      code: ResultCode.badRequest,
      message: '没有需要保存的修改',
    });
  });
  it('move between pipeline stages only', () => {
    const moved = when(defined, {
      type: 'MoveRule',
      data: { ruleId: 'referral', stage: 'eligibility', rank: 0.5, reason: '提前' },
      metadata: bob,
    });
    expect(moved).toMatchObject([{ type: 'RuleMoved', data: { from: 'referral', stage: 'eligibility', rank: 0.5 } }]);
    expect(given([...defined, ...moved]).definition).toMatchObject({ stage: 'eligibility', rank: 0.5 });
    expect(
      refusal(() =>
        when(defined, {
          type: 'MoveRule',
          data: { ruleId: 'referral', stage: 'pool', rank: 1, reason: 'x' },
          metadata: bob,
        }),
      ),
    ).toMatchObject({ code: ResultCode.badRequest });
    const pooled = when([], {
      type: 'DefineRule',
      data: { ...definition, ruleId: 'pool-age', stage: 'pool', scenes: [], reason: '共用' },
      metadata: bob,
    });
    expect(
      refusal(() =>
        when(pooled, {
          type: 'MoveRule',
          data: { ruleId: 'pool-age', stage: 'rating', rank: 1, reason: 'x' },
          metadata: bob,
        }),
      ),
    ).toMatchObject({ code: ResultCode.conflict });
  });
});

describe('a submission for review', () => {
  const submit = (data: object) =>
    when(drafted, {
      type: 'SubmitRuleVersion',
      data: { ruleId: 'referral', version: 1, reason: '请审核', ...data },
      metadata: alice,
    } as RuleCommand);
  const run = { runId: 'r1', ruleId: 'referral', version: 1, finished: true, passed: 10, failed: 0 };
  it('names a finished batch test of the version, or says why there is none', () => {
    expect(refusal(() => submit({}))).toEqual({
      code: ResultCode.badRequest,
      message: '请关联该版本的批量测试，或填写未测试的原因',
    });
    expect(submit({ batchTest: run })).toMatchObject([
      { type: 'RuleVersionSubmitted', data: { batchTestRunId: 'r1' } },
    ]);
    expect(submit({ overrideReason: '紧急修复' })).toMatchObject([
      { type: 'RuleVersionSubmitted', data: { overrideReason: '紧急修复' } },
    ]);
    expect(refusal(() => submit({ batchTest: { ...run, version: 2 } }))).toMatchObject({
      message: '关联的批量测试不是该规则版本的测试',
    });
    expect(refusal(() => submit({ batchTest: { ...run, finished: false } }))).toMatchObject({
      code: ResultCode.conflict,
    });
  });
  it('with failures needs an explicit override reason', () => {
    expect(refusal(() => submit({ batchTest: { ...run, failed: 2 } }))).toEqual({
      code: ResultCode.badRequest,
      message: '该版本最近的批量测试有未通过的案例，请填写忽略原因',
    });
    expect(submit({ batchTest: { ...run, failed: 2 }, overrideReason: '两个案例的预期已过时' })).toMatchObject([
      { type: 'RuleVersionSubmitted', data: { batchTestRunId: 'r1', overrideReason: '两个案例的预期已过时' } },
    ]);
  });
});
