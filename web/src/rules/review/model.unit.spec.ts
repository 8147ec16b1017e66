import type { RuleDefinition, RuleStage } from '@feibao/domain/rules/definition';
import { describe, expect, it } from 'vitest';
import {
  actionsFor,
  awaitingReview,
  draftedBy,
  filterRules,
  formatHours,
  latestVersion,
  parseContent,
  type RuleStep,
  nameOf,
  ruleStats,
  shanghaiMonth,
  type RuleSummary,
  type RuleVersionSummary,
  updatedAt,
} from './model.ts';

const step = (action: RuleStep['action'], by: string, at: string, reason = '原因'): RuleStep => ({
  action,
  by,
  at,
  reason,
});
const version = (
  ruleId: string,
  n: number,
  status: RuleVersionSummary['status'],
  by: string,
  history: RuleStep[],
): RuleVersionSummary => ({
  ruleId,
  version: n,
  status,
  draftedBy: by,
  draftedAt: history[0]!.at,
  history,
});

const seeded = version('referral', 1, 'enabled', 'system', [
  step('RuleVersionDrafted', 'system', '2026-01-01T00:00:00.000Z'),
  step('RuleVersionSubmitted', 'system', '2026-01-01T00:00:00.000Z'),
  step('RuleVersionApproved', 'system', '2026-01-01T00:00:00.000Z'),
  step('RuleVersionEnabled', 'system', '2026-01-01T00:00:00.000Z'),
]);
const adminDraft = version('referral', 2, 'inReview', '13800000000', [
  step('RuleVersionDrafted', '13800000000', '2026-02-01T00:00:00.000Z', '调高限额'),
  step('RuleVersionSubmitted', '13800000000', '2026-02-01T01:00:00.000Z'),
]);
const approvedTariff = version('tariff-1', 2, 'approved', '13900000000', [
  step('RuleVersionDrafted', '13900000000', '2026-02-02T00:00:00.000Z'),
  step('RuleVersionSubmitted', '13900000000', '2026-02-02T00:00:00.000Z'),
  step('RuleVersionRejected', '13800000000', '2026-02-02T01:00:00.000Z', '费率写错'),
  step('RuleVersionSubmitted', '13900000000', '2026-02-02T02:00:00.000Z'),
  step('RuleVersionApproved', '13800000000', '2026-02-02T06:00:00.000Z', '同意'),
]);
const tariffDraft = version('tariff-1', 3, 'draft', '13800000000', [
  step('RuleVersionDrafted', '13800000000', '2026-03-01T00:00:00.000Z'),
]);
const defined = (ruleId: string, stage: RuleStage, type: string): RuleDefinition => ({
  ruleId,
  name: '人保财险费率规则',
  stage,
  rank: 1,
  insurerId: 1,
  scenes: [],
  type,
  source: 'system',
  risk: null,
  message: null,
  description: '',
  createdBy: 'system',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedBy: 'system',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const rules: RuleSummary[] = [
  { ruleId: 'referral', enabledVersion: 1, versions: [adminDraft, seeded], definition: null },
  {
    ruleId: 'tariff-1',
    enabledVersion: null,
    versions: [tariffDraft, approvedTariff],
    definition: defined('tariff-1', 'rating', 'tariff'),
  },
];

const admin = { mobilePhone: '13800000000', roles: ['user', 'admin'] };
const auditor = { mobilePhone: '13900000000', roles: ['user', 'auditor'] };
const tester = { mobilePhone: '13700000000', roles: ['user', 'test'] };

describe('rule review model', () => {
  it('names a rule by its definition, else by its id', () => {
    expect(nameOf(rules[1]!)).toBe('人保财险费率规则');
    expect(nameOf(rules[0]!)).toBe('referral');
  });

  it('finds the newest version and the last change', () => {
    expect(latestVersion(rules[1]!)?.version).toBe(3);
    expect(updatedAt(rules[1]!)).toBe('2026-03-01T00:00:00.000Z');
  });

  it('filters by id or name and by a version status', () => {
    expect(filterRules(rules, { text: '人保', status: 'all' }).map((r) => r.ruleId)).toEqual(['tariff-1']);
    expect(filterRules(rules, { text: 'REF', status: 'all' }).map((r) => r.ruleId)).toEqual(['referral']);
    expect(filterRules(rules, { text: '', status: 'inReview' }).map((r) => r.ruleId)).toEqual(['referral']);
    expect(filterRules(rules, { text: '', status: 'rejected' })).toEqual([]);
    expect(filterRules(rules, { text: '', status: 'all', stage: 'rating' }).map((r) => r.ruleId)).toEqual(['tariff-1']);
    expect(
      filterRules(rules, { text: '', status: 'all', type: 'tariff', source: 'system' }).map((r) => r.ruleId),
    ).toEqual(['tariff-1']);
    expect(filterRules(rules, { text: '', status: 'all', source: 'underwriter' })).toEqual([]);
  });

  it("lists the caller's versions newest first and the review queue oldest submission first", () => {
    expect(draftedBy(rules, admin.mobilePhone).map((v) => `${v.ruleId}@${v.version}`)).toEqual([
      'tariff-1@3',
      'referral@2',
    ]);
    expect(awaitingReview(rules).map((v) => `${v.ruleId}@${v.version}`)).toEqual(['referral@2']);
  });

  it('offers the steps the decider allows, approve disabled on your own version', () => {
    expect(actionsFor(adminDraft, admin)).toEqual({ actions: ['copy', 'approve', 'reject'], selfApproval: true });
    expect(actionsFor(adminDraft, auditor)).toEqual({ actions: ['copy', 'approve', 'reject'], selfApproval: false });
    expect(actionsFor(tariffDraft, admin).actions).toEqual(['copy', 'submit']);
    expect(actionsFor(approvedTariff, admin).actions).toEqual(['copy', 'enable', 'retire']);
    expect(actionsFor(seeded, auditor).actions).toEqual(['copy', 'retire']);
    expect(actionsFor(adminDraft, tester)).toEqual({ actions: [], selfApproval: false });
  });

  it('counts by status and by rule, and measures from the last submission before approval', () => {
    const stats = ruleStats(rules);
    expect(stats.byStatus).toEqual({ draft: 1, inReview: 1, approved: 1, rejected: 0, enabled: 1, retired: 0 });
    expect(stats.byRule).toEqual([
      { ruleId: 'referral', total: 2, byStatus: { inReview: 1, enabled: 1 } },
      { ruleId: 'tariff-1', total: 2, byStatus: { draft: 1, approved: 1 } },
    ]);
    // Seeded: 0 h; tariff-1@2: resubmitted 02:00, approved 06:00 → 4 h; mean 2 h.
    expect(stats.approvedCount).toBe(2);
    expect(stats.meanHoursToApprove).toBe(2);
    expect(formatHours(stats.meanHoursToApprove)).toBe('2.0 小时');
    expect(formatHours(0.5)).toBe('30 分钟');
    expect(formatHours(null)).toBe('—');
    expect(stats.byMonth.map((m) => m.month)).toEqual(['2026-02', '2026-01']);
    expect(stats.byMonth.at(-1)).toEqual({ month: '2026-01', submitted: 1, approved: 1, rejected: 0, enabled: 1 });
    // 2026-01-31T16:30Z is already 1 February in Shanghai.
    expect(shanghaiMonth('2026-01-31T16:30:00.000Z')).toBe('2026-02');
  });

  it('reads the editor text as JSON or says why not', () => {
    expect(parseContent('{"nodes":[]}')).toEqual({ ok: true, value: { nodes: [] } });
    const bad = parseContent('{nodes');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.message).toMatch(/^内容不是有效的 JSON：/);
  });
});
