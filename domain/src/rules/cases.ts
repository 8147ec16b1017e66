import type { OrderForm } from '../ordering/form.ts';
import { assertNever, type Decider } from '../shared/decider.ts';
import { illegalState, invalid, notFound } from '../shared/errors.ts';

/**
 * Rule cases (规则案例, docs/api/rules-batch-tests.md): an application and what the rules should make of it — referral
 * or not, and each insurer's total premium within a tolerance. One stream per case; a deleted
 * case stays deleted so batch runs that used it still name it.
 */

/** premiums: insurer id → total premium in yuan of the application's lines; tolerance: yuan either way. */
export type CaseExpectation = { referral: boolean; premiums: Record<string, number>; tolerance: number };
/** orderId: the real order it was copied from, if any. */
export type RuleCase = {
  caseId: string;
  name: string;
  form: OrderForm;
  expected: CaseExpectation;
  orderId: string | null;
};

export const ruleCaseStreamId = (caseId: string) => `rule-case-${caseId}`;

type By = { by: string; at: string };
export type RuleCaseCreated = { type: 'RuleCaseCreated'; data: RuleCase & By };
export type RuleCaseUpdated = { type: 'RuleCaseUpdated'; data: Omit<RuleCase, 'orderId'> & By };
export type RuleCaseDeleted = { type: 'RuleCaseDeleted'; data: { caseId: string } & By };
export type RuleCaseEvent = RuleCaseCreated | RuleCaseUpdated | RuleCaseDeleted;
export const ruleCaseEventTypes = [
  'RuleCaseCreated',
  'RuleCaseUpdated',
  'RuleCaseDeleted',
] as const satisfies readonly RuleCaseEvent['type'][];

type Meta = { now: Date; actor: string };
export type RuleCaseCommand =
  | { type: 'CreateRuleCase'; data: RuleCase; metadata: Meta }
  | { type: 'UpdateRuleCase'; data: Omit<RuleCase, 'orderId'>; metadata: Meta }
  | { type: 'DeleteRuleCase'; data: { caseId: string }; metadata: Meta };

/** current: the case as it stands, which batch runs rate (from the stream, so a run never waits for the read model). */
export type RuleCaseState = { status: 'none' | 'active' | 'deleted'; current: RuleCase | null };

export const ruleCaseMessages = {
  exists: '案例已存在',
  notFound: '案例不存在',
  badExpectation: '预期结果不正确',
} as const;

export const expectationProblem = (expected: CaseExpectation): string | null => {
  if (!Number.isFinite(expected.tolerance) || expected.tolerance < 0) return ruleCaseMessages.badExpectation;
  for (const amount of Object.values(expected.premiums))
    if (!Number.isFinite(amount) || amount < 0) return ruleCaseMessages.badExpectation;
  return null;
};

const decide = (command: RuleCaseCommand, state: RuleCaseState): RuleCaseEvent[] => {
  const by = { by: command.metadata.actor, at: command.metadata.now.toISOString() };
  switch (command.type) {
    case 'CreateRuleCase': {
      if (state.status !== 'none') throw illegalState(ruleCaseMessages.exists);
      const problem = expectationProblem(command.data.expected);
      if (problem) throw invalid(problem);
      return [{ type: 'RuleCaseCreated', data: { ...command.data, ...by } }];
    }
    case 'UpdateRuleCase': {
      if (state.status !== 'active') throw notFound(ruleCaseMessages.notFound);
      const problem = expectationProblem(command.data.expected);
      if (problem) throw invalid(problem);
      return [{ type: 'RuleCaseUpdated', data: { ...command.data, ...by } }];
    }
    case 'DeleteRuleCase':
      if (state.status !== 'active') throw notFound(ruleCaseMessages.notFound);
      return [{ type: 'RuleCaseDeleted', data: { caseId: command.data.caseId, ...by } }];
    default:
      return assertNever(command);
  }
};

const evolve = (state: RuleCaseState, event: RuleCaseEvent): RuleCaseState => {
  switch (event.type) {
    case 'RuleCaseCreated': {
      const { by: _by, at: _at, ...current } = event.data;
      return { status: 'active', current };
    }
    case 'RuleCaseUpdated': {
      const { by: _by, at: _at, ...changed } = event.data;
      return { status: 'active', current: { orderId: state.current?.orderId ?? null, ...changed } };
    }
    case 'RuleCaseDeleted':
      return { status: 'deleted', current: null };
    default:
      return assertNever(event);
  }
};

export const ruleCaseDecider: Decider<RuleCaseState, RuleCaseCommand, RuleCaseEvent> = {
  decide,
  evolve,
  initialState: () => ({ status: 'none', current: null }),
};
