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
  ({ type, data: { ruleId: 'referral', version, reason }, metadata }) as RuleCommand;
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e instanceof DomainError ? { code: e.code, message: e.message } : e;
  }
  return null;
};

const drafted = when([], { type: 'DraftRuleVersion', data: { ruleId: 'referral', content, reason: '调整阈值' }, metadata: alice });
const submitted = [...drafted, ...when(drafted, step('SubmitRuleVersion', 1, alice, '请审核'))];
const approved = [...submitted, ...when(submitted, step('ApproveRuleVersion', 1))];
const enabled = [...approved, ...when(approved, step('EnableRuleVersion', 1))];

describe('rule versions', () => {
  it('are drafted as the next version, with who, when and why', () => {
    expect(drafted).toEqual([{ type: 'RuleVersionDrafted', data: { ruleId: 'referral', version: 1, by: alice.actor, at: now.toISOString(), reason: '调整阈值', content } }]);
  });
  it('refuse unknown rules, bad models, missing reasons and roles outside rule staff', () => {
    expect(refusal(() => when([], { type: 'DraftRuleVersion', data: { ruleId: 'tariff-99', content, reason: 'x' }, metadata: alice }))).toMatchObject({ code: ResultCode.notFound });
    expect(refusal(() => when([], { type: 'DraftRuleVersion', data: { ruleId: 'referral', content: { nodes: [{ id: 'f', type: 'functionNode' }], edges: [] }, reason: 'x' }, metadata: alice }))).toMatchObject({ code: ResultCode.badRequest });
    expect(refusal(() => when([], { type: 'DraftRuleVersion', data: { ruleId: 'referral', content, reason: ' ' }, metadata: alice }))).toEqual({ code: ResultCode.badRequest, message: '请填写原因' });
    expect(refusal(() => when([], { type: 'DraftRuleVersion', data: { ruleId: 'referral', content, reason: 'x' }, metadata: { ...alice, roles: ['test'] } }))).toMatchObject({ code: ResultCode.forbidden });
  });
  it('go through review before they can be enabled', () => {
    expect(refusal(() => when(drafted, step('ApproveRuleVersion', 1)))).toEqual({ code: ResultCode.conflict, message: '仅审核中的版本可以审批或驳回' });
    expect(refusal(() => when(submitted, step('EnableRuleVersion', 1)))).toEqual({ code: ResultCode.conflict, message: '仅已审批的版本可以启用' });
    expect(given(enabled)).toMatchObject({ enabled: 1, versions: [{ version: 1, status: 'enabled' }] });
  });
  it('are never approved by their author', () => {
    expect(refusal(() => when(submitted, step('ApproveRuleVersion', 1, alice)))).toEqual({ code: ResultCode.forbidden, message: '不能审批自己提交的规则版本' });
  });
  it('once rejected can never be enabled', () => {
    const rejected = [...submitted, ...when(submitted, step('RejectRuleVersion', 1))];
    expect(given(rejected).versions[0]!.status).toBe('rejected');
    expect(refusal(() => when(rejected, step('EnableRuleVersion', 1)))).toMatchObject({ code: ResultCode.conflict });
  });
  it('replace the enabled version when enabled: one enabled version per rule', () => {
    const v2 = [...enabled, ...when(enabled, { type: 'DraftRuleVersion', data: { ruleId: 'referral', content, reason: 'v2' }, metadata: alice })];
    const v2ok = [...v2, ...when(v2, step('SubmitRuleVersion', 2, alice)), ];
    const v2approved = [...v2ok, ...when(v2ok, step('ApproveRuleVersion', 2))];
    const events = when(v2approved, step('EnableRuleVersion', 2, bob, '上线'));
    expect(events.map((e) => [e.type, e.data.version])).toEqual([
      ['RuleVersionRetired', 1],
      ['RuleVersionEnabled', 2],
    ]);
    expect(given([...v2approved, ...events])).toMatchObject({ enabled: 2, versions: [{ status: 'retired' }, { status: 'enabled' }] });
  });
  it('retire an enabled version, leaving the rule without one', () => {
    const retired = [...enabled, ...when(enabled, step('RetireRuleVersion', 1, bob, '停用'))];
    expect(given(retired)).toMatchObject({ enabled: null, versions: [{ status: 'retired' }] });
  });
});
