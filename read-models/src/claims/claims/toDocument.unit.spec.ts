import { describe, expect, it } from 'vitest';
import type { ClaimEvent } from '@feibao/domain/claims/claim.events';
import type { PolicySnapshot } from '@feibao/domain/claims/policy';
import { evolveClaimDocument } from './projection.ts';
import { rowOf } from './toDocument.ts';

const policy = {
  orderId: 'o1',
  policyNo: 'PN1',
  insurerName: '保险公司1',
  lines: [],
  drones: [],
} as unknown as PolicySnapshot;
const at = '2026-11-20T02:00:00.000Z';
const base = { claimId: 'c1', at, by: '13800000001' };
const opened: ClaimEvent = {
  type: 'ClaimOpened',
  data: { ...base, claimNo: 'LP1', orderId: 'o1', owner: '13800000001', policy },
};
const fold = (events: ClaimEvent[]) => events.reduce(evolveClaimDocument, null);

describe('claim documents', () => {
  it('are shaped from the domain state, with the list row beside it', () => {
    const form = { uavAccidentType: '1', settlementUavInfoList: [], injuryInfoList: [], propertyInfoList: [] };
    const doc = fold([opened, { type: 'ClaimSubmitted', data: { ...base, form, changes: [], acceptDueAt: at } }])!;
    expect(doc).toMatchObject({
      id: 'c1',
      claimNo: 'LP1',
      policyNo: 'PN1',
      claimState: 3,
      applyTime: at,
      uavAccidentTypeName: '无人机丢失',
    });
    expect(doc.claim.version).toBe(2);
    expect(rowOf(doc)).toMatchObject({
      id: 'c1',
      claimSettlementNo: 'LP1',
      userName: '13800000001',
      status: 'submitted',
      createdAt: at,
    });
  });

  it('carry the assignee and the current stage for the desk', () => {
    const form = { uavAccidentType: '1', settlementUavInfoList: [], injuryInfoList: [], propertyInfoList: [] };
    const dueAt = '2026-11-23T02:00:00.000Z';
    const submitted: ClaimEvent = { type: 'ClaimSubmitted', data: { ...base, form, changes: [], acceptDueAt: dueAt } };
    const assigned: ClaimEvent = { type: 'ClaimAssigned', data: { ...base, by: 'staff1', assignee: '13700000007' } };
    const doc = fold([opened, submitted, assigned])!;
    expect(doc).toMatchObject({
      assignee: '13700000007',
      submittedAt: at,
      acceptedAt: null,
      stageStartedAt: at,
      stageDueAt: dueAt,
      evidenceRequested: false,
    });
    expect(rowOf(doc)).toMatchObject({
      assignee: '13700000007',
      stageDueAt: dueAt,
      stageStartedAt: at,
      evidenceRequested: false,
    });
    const askedAt = '2026-11-21T02:00:00.000Z';
    const asked = fold([
      opened,
      submitted,
      assigned,
      { type: 'EvidenceRequested', data: { ...base, at: askedAt, by: 'staff1', message: '请补充' } },
    ])!;
    expect(rowOf(asked)).toMatchObject({
      claimState: 2,
      evidenceRequested: true,
      stageStartedAt: askedAt,
      stageDueAt: null,
    });
  });

  it('vanish when the claim is cancelled, and stay gone', () => {
    const cancelled: ClaimEvent = { type: 'ClaimCancelled', data: base };
    expect(fold([opened, cancelled])).toBeNull();
    expect(fold([opened, cancelled, { type: 'ClaimPicturesDeleted', data: { ...base, pictureIds: [] } }])).toBeNull();
  });
  it('mark only a current stage that ran late as overdue: accepted late, the claim leaves the overdue queue', () => {
    const form = { uavAccidentType: '1', settlementUavInfoList: [], injuryInfoList: [], propertyInfoList: [] };
    const dueAt = '2026-11-23T02:00:00.000Z';
    const submitted: ClaimEvent = { type: 'ClaimSubmitted', data: { ...base, form, changes: [], acceptDueAt: dueAt } };
    const late: ClaimEvent = { type: 'ClaimSlaOverdue', data: { ...base, by: 'system', stage: 'accept', dueAt } };
    const accepted: ClaimEvent = {
      type: 'ClaimAccepted',
      data: { ...base, by: 'staff1', reason: null, closeDueAt: '2026-12-04T02:00:00.000Z' },
    };
    const waiting = fold([opened, submitted, late])!;
    expect([waiting.overdue, rowOf(waiting).overdue]).toEqual([['accept'], ['accept']]);
    const processing = fold([opened, submitted, late, accepted])!;
    expect([processing.overdue, rowOf(processing).overdue]).toEqual([[], []]);
    // The missed stage stays in the claim (the details' missedStages).
    expect(processing.claim.overdue).toEqual(['accept']);
  });
});
