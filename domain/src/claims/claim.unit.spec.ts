import { DeciderSpecification } from '@event-driven-io/emmett';
import { describe, expect, it } from 'vitest';
import { ResultCode } from '../shared/codes.ts';
import { DomainError } from '../shared/errors.ts';
import { diffClaimForms } from './changes.ts';
import { claimDecider, decideClaim, type ClaimCommand, type ClaimMetadata } from './claim.commands.ts';
import { claimMessages } from './messages.ts';
import {
  ClaimState,
  claimStateNumber,
  evolveClaim,
  initialClaim,
  pictureIdOf,
  type Claim,
  type ClaimEvent,
  type ClaimRecord,
  type ClaimStatus,
} from './claim.events.ts';
import { claimFormOf, claimReportInput } from './fixtures.ts';
import type { ClaimForm } from './form.ts';
import type { ExposureLoss, PolicySnapshot } from './policy.ts';
import { currentClaimStage } from './sla.ts';

/**
 * Given the events so far, when a command arrives, then these events (or this refusal, or
 * nothing). Histories are built by the decider itself, so every one is reachable.
 */
const spec = DeciderSpecification.for(claimDecider);
/** An expected event by the fields that matter; the specification matches events as subsets (so no nulls here). */
const event = <T extends ClaimEvent['type']>(type: T, data: Partial<Extract<ClaimEvent, { type: T }>['data']>) =>
  ({ type, data }) as unknown as ClaimEvent;
const refused = (message: string, code?: number) =>
  [
    DomainError,
    (error: DomainError) => error.message === message && (code === undefined || error.code === code),
  ] as const;
const hidden = refused(claimMessages.notFound, ResultCode.notFound);

const owner = '13800000001';
const t0 = new Date('2026-11-23T02:00:00.000Z');
const as = (actor: string, roles: string[] = ['user']): ClaimMetadata => ({ now: t0, actor, roles });
const user = as(owner);
const stranger = as('13900000009');
const staff = as('staff1', ['claims']);
const admin = as('admin1', ['admin']);
const system: ClaimMetadata = { now: t0, actor: 'system', roles: [], system: true };

const policy: PolicySnapshot = {
  orderId: 'o1',
  orderNo: 'FB20261123000001',
  policyNo: 'P0001',
  insurerId: 1,
  insurerName: '保险公司1',
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  totalPremium: 3000,
  lines: [
    {
      key: 'hull',
      insuranceTypeId: 1,
      name: '机身险',
      droneName: 'M300',
      insuranceAmount: 5,
      premium: 2000,
      deductible: '免赔10%或1000元',
    },
    {
      key: 'liability',
      insuranceTypeId: 2,
      name: '第三者责任险',
      droneName: null,
      insuranceAmount: 100,
      premium: 1000,
      deductible: '单次赔付限额50万，财损免赔500元',
    },
  ],
  drones: [{ deviceNumber: 'UAV-1', manufacturer: '大疆', model: 'M300' }],
};

const claimForm = (patch: Record<string, unknown> = {}): ClaimForm =>
  claimFormOf(
    claimReportInput({
      settlementUavInfoList: [{ deviceNumber: 'UAV-1', manufacturer: '大疆', model: 'M300', price: '50000' }],
      ...patch,
    }),
  );
const form = claimForm();
const changed = claimForm({ accidentAddress: '海淀区某路2号' });
const acceptDueAt = '2026-11-24T02:00:00.000Z';
const closeDueAt = '2026-12-07T02:00:00.000Z';

type Data<T extends ClaimCommand['type']> = Extract<ClaimCommand, { type: T }>['data'];
const command = <T extends ClaimCommand['type']>(type: T, data: Data<T>, metadata: ClaimMetadata = user) =>
  ({ type, data, metadata }) as ClaimCommand;

const open = (metadata = user) =>
  command('OpenClaim', { claimId: 'c1', claimNo: 'LP20261123000001', orderId: 'o1', owner, policy }, metadata);
const cancel = (metadata = user) => command('CancelClaim', {}, metadata);
const save = (f = form, metadata = user) => command('SaveClaim', { form: f }, metadata);
const submit = (f = form, metadata = user) => command('SubmitClaim', { form: f, acceptDueAt }, metadata);
const withdraw = (metadata = user) => command('WithdrawClaim', { reason: '不需要了' }, metadata);
const accept = (metadata = staff) => command('AcceptClaim', { reason: null, closeDueAt }, metadata);
const requestEvidence = (message = '请补充飞行日志', metadata = staff) =>
  command('RequestEvidence', { message }, metadata);
const assess = (losses: ExposureLoss[], metadata = staff) =>
  command('AssessClaim', { losses, reason: '定损' }, metadata);
const close = (reason = '已赔付', metadata = staff) => command('CloseClaim', { reason }, metadata);
const reopen = (reason = '补充赔付', metadata = staff) => command('ReopenClaim', { reason, closeDueAt }, metadata);
const amend = (f: ClaimForm, basedOnVersion: number, explanations: Record<string, string> = {}, metadata = admin) =>
  command('AmendClaim', { form: f, basedOnVersion, explanations }, metadata);
const overdue = (stage: 'accept' | 'close', dueAt: string, metadata = system) =>
  command('MarkSlaOverdue', { stage, dueAt }, metadata);
const assign = (assignee: string | null, metadata = staff) => command('AssignClaim', { assignee }, metadata);
const pictureId = pictureIdOf('c1', 'p1');
const addPicture = (metadata = user) =>
  command(
    'AddPicture',
    { pictureId, name: 'a.jpg', mime: 'image/jpeg', size: 1024, storedAs: 'claims/c1/p1.jpg' },
    metadata,
  );
const processed = (metadata = system) =>
  command(
    'RecordPictureProcessed',
    { pictureId, thumbnailAs: 't.jpg', displayAs: 'd.jpg', width: 800, height: 600, capturedAt: null, gps: null },
    metadata,
  );
const classify = (pictureIds: string[], imageTypeCode: string, metadata = staff) =>
  command('ClassifyPictures', { pictureIds, imageTypeCode }, metadata);
const deletePictures = (pictureIds: string[], metadata = user) => command('DeletePictures', { pictureIds }, metadata);

const state = (events: ClaimEvent[]): Claim => events.reduce(evolveClaim, initialClaim());
const record = (events: ClaimEvent[]) => {
  const s = state(events);
  if (s.status === 'none') throw new Error('no claim');
  return s as ClaimRecord;
};
const statusOf = (events: ClaimEvent[]) => state(events).status;
/** The history after these commands, each decided on the state the previous ones left. */
const run = (commands: ClaimCommand[], start: ClaimEvent[] = []) =>
  commands.reduce((events, c) => [...events, ...decideClaim(c, state(events))], start);

const editing = run([open()]);
const saved = run([save()], editing);
const submitted = run([submit()], saved);
const processing = run([accept()], submitted);
const closed = run([close()], processing);
const withdrawn = run([withdraw()], submitted);
const byStatus: Record<Exclude<ClaimStatus, 'cancelled'>, ClaimEvent[]> = {
  editing,
  saved,
  submitted,
  processing,
  closed,
  withdrawn,
};

describe('claim decider: opening and going back', () => {
  it('opens a claim on a new stream, once', () => {
    spec([])
      .when(open())
      .then([
        event('ClaimOpened', {
          claimId: 'c1',
          claimNo: 'LP20261123000001',
          orderId: 'o1',
          owner,
          at: t0.toISOString(),
          by: owner,
        }),
      ]);
    expect(statusOf(editing)).toBe('editing');
    expect(record(editing).policy).toEqual(policy);
    spec(editing)
      .when(open())
      .thenThrows(...refused(claimMessages.exists));
  });

  it('lets the owner go back from a new claim only, and hides it from others', () => {
    spec(editing)
      .when(cancel())
      .then([event('ClaimCancelled', { claimId: 'c1', by: owner })]);
    expect(statusOf(run([cancel()], editing))).toBe('cancelled');
    spec(saved)
      .when(cancel())
      .thenThrows(...refused(claimMessages.backOnlyNew));
    spec(editing)
      .when(cancel(stranger))
      .thenThrows(...hidden);
    spec(editing)
      .when(cancel(staff))
      .thenThrows(...refused(claimMessages.backOnlyNew));
  });

  it('treats a cancelled claim as gone for everyone', () => {
    const cancelled = run([cancel()], editing);
    for (const c of [save(), submit(), withdraw(), accept(), addPicture(), save(form, admin)])
      spec(cancelled)
        .when(c)
        .thenThrows(...hidden);
  });
});

describe('claim decider: the owner saves and submits', () => {
  it('saves in editing and saved with the field changes', () => {
    spec(editing)
      .when(save())
      .then([event('ClaimDraftSaved', { claimId: 'c1', by: owner, form })]);
    // The first save lists every filled field as new (old value null, which the subset matcher cannot take).
    const [first] = decideClaim(save(), state(editing));
    expect(first).toMatchObject({ data: { changes: diffClaimForms(record(editing).form, form) } });
    expect(diffClaimForms(record(editing).form, form).length).toBeGreaterThan(0);
    expect(decideClaim(save(changed), state(saved))).toEqual([
      {
        type: 'ClaimDraftSaved',
        data: { claimId: 'c1', at: t0.toISOString(), by: owner, form: changed, changes: diffClaimForms(form, changed) },
      },
    ]);
    expect(statusOf(saved)).toBe('saved');
  });

  it('refuses a save once the claim has left the customer', () => {
    spec(submitted)
      .when(save())
      .thenThrows(...refused(claimMessages.notEditable));
    spec(processing)
      .when(save())
      .thenThrows(...refused(claimMessages.notEditable));
    spec(closed)
      .when(save())
      .thenThrows(...refused(claimMessages.closed));
    spec(withdrawn)
      .when(save())
      .thenThrows(...refused(claimMessages.withdrawn));
  });

  it('hides the claim from strangers and sends staff to an explained amendment', () => {
    spec(saved)
      .when(save(form, stranger))
      .thenThrows(...hidden);
    spec(saved)
      .when(save(form, staff))
      .thenThrows(...refused(claimMessages.changesNeedExplanation));
    spec(submitted)
      .when(save(form, admin))
      .thenThrows(...refused(claimMessages.changesNeedExplanation));
  });

  it('submits from editing and saved, carrying the accept due time', () => {
    spec(editing)
      .when(submit())
      .then([event('ClaimSubmitted', { form, acceptDueAt, by: owner })]);
    spec(saved)
      .when(submit(changed))
      .then([event('ClaimSubmitted', { form: changed, changes: diffClaimForms(form, changed), acceptDueAt })]);
    const claim = record(submitted);
    expect(claim).toMatchObject({
      status: 'submitted',
      applyTime: t0.toISOString(),
      submittedAt: t0.toISOString(),
      acceptDueAt,
    });
  });

  it('refuses the owner a second submission', () => {
    spec(submitted)
      .when(submit())
      .thenThrows(...refused(claimMessages.notEditable));
    spec(closed)
      .when(submit())
      .thenThrows(...refused(claimMessages.closed));
    spec(withdrawn)
      .when(submit())
      .thenThrows(...refused(claimMessages.withdrawn));
  });

  it('lets an admin submit what is stored, never with changes', () => {
    spec(submitted).when(submit(form, admin)).thenNothingHappened();
    spec(submitted)
      .when(submit(changed, admin))
      .thenThrows(...refused(claimMessages.changesNeedExplanation));
    spec(saved)
      .when(submit(form, admin))
      .then([event('ClaimSubmitted', { form, acceptDueAt, by: 'admin1' })]);
    expect(decideClaim(submit(form, admin), state(saved))[0]).toMatchObject({ data: { changes: [] } });
    spec(saved)
      .when(submit(changed, admin))
      .thenThrows(...refused(claimMessages.changesNeedExplanation));
    spec(processing)
      .when(submit(form, admin))
      .thenThrows(...refused(claimMessages.notEditable));
    spec(saved)
      .when(submit(form, staff))
      .thenThrows(...refused(claimMessages.notEditable));
  });

  it('withdraws from any state but withdrawn', () => {
    for (const events of [editing, saved, submitted, processing, closed])
      spec(events)
        .when(withdraw())
        .then([event('ClaimWithdrawn', { claimId: 'c1', reason: '不需要了' })]);
    expect(record(withdrawn)).toMatchObject({ status: 'withdrawn', withdrawnFrom: 'submitted' });
    spec(withdrawn)
      .when(withdraw())
      .thenThrows(...refused(claimMessages.withdrawn));
    spec(submitted)
      .when(withdraw(stranger))
      .thenThrows(...hidden);
  });
});

describe('claim decider: staff steps', () => {
  it('accepts a submitted claim, staff only', () => {
    spec(submitted)
      .when(accept())
      .then([event('ClaimAccepted', { by: 'staff1', closeDueAt })]);
    expect(record(processing)).toMatchObject({ status: 'processing', acceptedAt: t0.toISOString(), closeDueAt });
    spec(submitted)
      .when(accept(admin))
      .then([event('ClaimAccepted', { by: 'admin1' })]);
    spec(submitted)
      .when(accept(user))
      .thenThrows(...refused(claimMessages.staffOnly, ResultCode.forbidden));
    spec(submitted)
      .when(accept(stranger))
      .thenThrows(...hidden);
    for (const events of [editing, saved, processing, closed, withdrawn])
      spec(events)
        .when(accept())
        .thenThrows(...refused(claimMessages.acceptOnlySubmitted));
  });

  it('asks for evidence from submitted or processing; the owner completes and submits again', () => {
    for (const events of [submitted, processing])
      spec(events)
        .when(requestEvidence())
        .then([event('EvidenceRequested', { message: '请补充飞行日志', by: 'staff1' })]);
    spec(submitted)
      .when(requestEvidence('  '))
      .thenThrows(...refused(claimMessages.messageRequired));
    spec(submitted)
      .when(requestEvidence('请补充', user))
      .thenThrows(...refused(claimMessages.staffOnly, ResultCode.forbidden));
    spec(saved)
      .when(requestEvidence())
      .thenThrows(...refused(claimMessages.evidenceNotAllowed));
    const asked = run([requestEvidence()], processing);
    expect(record(asked)).toMatchObject({
      status: 'saved',
      acceptDueAt: null,
      closeDueAt: null,
      evidenceRequest: { message: '请补充飞行日志', by: 'staff1' },
    });
    spec(asked)
      .when(save(changed))
      .then([event('ClaimDraftSaved', { form: changed })]);
    const again = run([save(changed), submit(changed)], asked);
    expect(record(again)).toMatchObject({
      status: 'submitted',
      evidenceRequest: null,
      acceptDueAt,
      applyTime: t0.toISOString(),
    });
  });

  it('assesses in processing from the policy lines deductibles and limits', () => {
    const losses: ExposureLoss[] = [
      { lineKey: 'hull', kind: 'drone', lossAmount: 20_000 },
      { lineKey: 'liability', kind: 'injury', lossAmount: 800_000 },
      { lineKey: 'liability', kind: 'property', lossAmount: 3000 },
    ];
    const [assessed] = decideClaim(assess(losses), state(processing));
    expect(assessed?.type).toBe('ClaimAssessed');
    const data = (assessed as Extract<ClaimEvent, { type: 'ClaimAssessed' }>).data;
    expect(
      data.exposures.map((e) => [e.lineName, e.deductibleAmount, e.payableAmount, e.cappedBy, e.understood]),
    ).toEqual([
      ['机身险（M300）', 2000, 18_000, null, true],
      ['第三者责任险', 0, 500_000, 'perPayout', true],
      ['第三者责任险', 500, 2500, null, true],
    ]);
    expect(data.exposures[0]?.limitAmount).toBe(50_000);
    expect(data.exposures[1]?.limitAmount).toBe(1_000_000);
    expect([data.lossAmount, data.payableAmount, data.reason]).toEqual([823_000, 520_500, '定损']);
    const after = record(run([assess(losses)], processing));
    expect(after.assessment).toMatchObject({ payableAmount: 520_500, by: 'staff1' });
    expect(after.status).toBe('processing');
  });

  it('refuses an assessment outside processing, for an unknown line or from a customer', () => {
    const loss: ExposureLoss[] = [{ lineKey: 'hull', kind: 'drone', lossAmount: 20_000 }];
    spec(submitted)
      .when(assess(loss))
      .thenThrows(...refused(claimMessages.assessOnlyProcessing));
    spec(processing)
      .when(assess([{ lineKey: 'nope', kind: 'drone', lossAmount: 1 }]))
      .thenThrows(...refused('定损险种不在保单中'));
    spec(processing)
      .when(assess([]))
      .thenThrows(...refused('请填写定损明细'));
    spec(processing)
      .when(assess(loss, user))
      .thenThrows(...refused(claimMessages.staffOnly, ResultCode.forbidden));
  });

  it('closes a processing claim with a reason, and reopens it with one', () => {
    spec(processing)
      .when(close())
      .then([event('ClaimClosed', { reason: '已赔付', by: 'staff1' })]);
    expect(record(closed)).toMatchObject({ status: 'closed', finishClaimTime: t0.toISOString(), closeDueAt: null });
    spec(processing)
      .when(close(' '))
      .thenThrows(...refused(claimMessages.reasonRequired));
    for (const events of [saved, submitted, closed])
      spec(events)
        .when(close())
        .thenThrows(...refused(claimMessages.closeOnlyProcessing));
    spec(processing)
      .when(close('已赔付', user))
      .thenThrows(...refused(claimMessages.staffOnly, ResultCode.forbidden));

    spec(closed)
      .when(reopen())
      .then([event('ClaimReopened', { reason: '补充赔付', closeDueAt })]);
    expect(record(run([reopen()], closed))).toMatchObject({ status: 'processing', finishClaimTime: null, closeDueAt });
    spec(closed)
      .when(reopen(''))
      .thenThrows(...refused(claimMessages.reasonRequired));
    spec(processing)
      .when(reopen())
      .thenThrows(...refused(claimMessages.reopenOnlyClosed));
  });
});

describe('claim decider: assignment', () => {
  it('assigns a claim in states 1–4 to a staff member, by staff only', () => {
    for (const events of [editing, saved, submitted, processing])
      spec(events)
        .when(assign('13700000007'))
        .then([event('ClaimAssigned', { assignee: '13700000007', by: 'staff1' })]);
    spec(submitted)
      .when(assign('13700000007', admin))
      .then([event('ClaimAssigned', { by: 'admin1' })]);
    spec(submitted)
      .when(assign('13700000007', user))
      .thenThrows(...refused(claimMessages.staffOnly, ResultCode.forbidden));
    spec(submitted)
      .when(assign('13700000007', stranger))
      .thenThrows(...hidden);
    expect(record(run([assign('13700000007')], submitted)).assignee).toBe('13700000007');
  });

  it('refuses a closed or withdrawn claim', () => {
    for (const events of [closed, withdrawn])
      spec(events)
        .when(assign('13700000007'))
        .thenThrows(...refused(claimMessages.assignFinished));
  });

  it('changes nothing when the assignee stays the same, and unassigns with null', () => {
    spec(submitted).when(assign(null)).thenNothingHappened();
    const assigned = run([assign('13700000007')], submitted);
    spec(assigned).when(assign('13700000007')).thenNothingHappened();
    spec(assigned)
      .when(assign(null))
      .then([event('ClaimAssigned', { by: 'staff1' })]);
    expect(decideClaim(assign(null), state(assigned))[0]).toMatchObject({ data: { assignee: null } });
    expect(record(run([assign(null)], assigned)).assignee).toBeNull();
    // The assignment survives the claim's moves.
    expect(record(run([accept(), close(), reopen()], assigned)).assignee).toBe('13700000007');
  });
});

describe('claim stage for the desk', () => {
  it('starts at the submission, the acceptance or reopening, or the evidence request', () => {
    expect(currentClaimStage(record(submitted))).toEqual({ startedAt: t0.toISOString(), dueAt: acceptDueAt });
    expect(currentClaimStage(record(processing))).toEqual({ startedAt: t0.toISOString(), dueAt: closeDueAt });
    const later = '2026-11-30T02:00:00.000Z';
    const reopened = [
      ...closed,
      {
        type: 'ClaimReopened',
        data: { claimId: 'c1', at: later, by: 'staff1', reason: 'x', closeDueAt },
      } as ClaimEvent,
    ];
    expect(currentClaimStage(record(reopened))).toEqual({ startedAt: later, dueAt: closeDueAt });
    expect(currentClaimStage(record(run([requestEvidence()], processing)))).toEqual({
      startedAt: t0.toISOString(),
      dueAt: null,
    });
    for (const events of [editing, saved, closed, withdrawn]) expect(currentClaimStage(record(events))).toBeNull();
  });
});

describe('claim decider: amendments by an admin', () => {
  const version = record(submitted).version;

  it('refuses a stale base version', () => {
    spec(submitted)
      .when(amend(changed, version - 1, { accidentAddress: '客户电话更正' }))
      .thenThrows(...refused(claimMessages.staleVersion));
  });

  it('needs an explanation per changed field', () => {
    spec(submitted)
      .when(amend(changed, version))
      .thenThrows(...refused(claimMessages.explanationRequired('详细地址')));
    spec(submitted)
      .when(amend(changed, version, { accidentAddress: '  ' }))
      .thenThrows(...refused('请填写修改说明：详细地址'));
  });

  it('records the explained changes against the version it was based on', () => {
    const [change] = diffClaimForms(form, changed);
    spec(submitted)
      .when(amend(changed, version, { accidentAddress: '客户电话更正' }))
      .then([
        event('ClaimAmended', {
          form: changed,
          basedOnVersion: version,
          changes: [{ ...change!, remark: '客户电话更正' }],
          by: 'admin1',
        }),
      ]);
    const amended = run([amend(changed, version, { accidentAddress: '客户电话更正' })], submitted);
    expect(record(amended)).toMatchObject({ status: 'submitted', form: changed, version: version + 1 });
    spec(amended)
      .when(amend(form, version, { accidentAddress: '改回' }))
      .thenThrows(...refused(claimMessages.staleVersion));
  });

  it('refuses no change, a customer, claims staff and a finished claim', () => {
    spec(submitted)
      .when(amend(form, version))
      .thenThrows(...refused(claimMessages.noChanges));
    spec(submitted)
      .when(amend(changed, version, { accidentAddress: 'x' }, user))
      .thenThrows(...refused(claimMessages.adminOnly, ResultCode.forbidden));
    spec(submitted)
      .when(amend(changed, version, { accidentAddress: 'x' }, staff))
      .thenThrows(...refused(claimMessages.adminOnly, ResultCode.forbidden));
    spec(closed)
      .when(amend(changed, record(closed).version, { accidentAddress: 'x' }))
      .thenThrows(...refused(claimMessages.amendNotAllowed));
  });
});

describe('claim decider: SLA timers', () => {
  it('marks the accept stage overdue while it still runs with that due time, once', () => {
    spec(submitted)
      .when(overdue('accept', acceptDueAt))
      .then([event('ClaimSlaOverdue', { stage: 'accept', dueAt: acceptDueAt, by: 'system' })]);
    spec(submitted).when(overdue('accept', '2026-11-25T02:00:00.000Z')).thenNothingHappened();
    spec(processing).when(overdue('accept', acceptDueAt)).thenNothingHappened();
    spec(submitted)
      .when(overdue('accept', acceptDueAt, staff))
      .thenNothingHappened();
    spec([]).when(overdue('accept', acceptDueAt)).thenNothingHappened();
    const late = run([overdue('accept', acceptDueAt)], submitted);
    expect(record(late).overdue).toEqual(['accept']);
    spec(late).when(overdue('accept', acceptDueAt)).thenNothingHappened();
  });

  it('marks the close stage overdue while processing', () => {
    spec(processing)
      .when(overdue('close', closeDueAt))
      .then([event('ClaimSlaOverdue', { stage: 'close', dueAt: closeDueAt })]);
    spec(closed).when(overdue('close', closeDueAt)).thenNothingHappened();
    const late = run([overdue('close', closeDueAt), close(), reopen()], processing);
    expect(record(late).overdue).toEqual([]);
  });
});

describe('claim decider: pictures', () => {
  const withPicture = run([addPicture()], submitted);

  it('uploads a picture as unclassified', () => {
    spec(editing)
      .when(addPicture())
      .then([
        event('ClaimPictureUploaded', {
          pictureId,
          name: 'a.jpg',
          storedAs: 'claims/c1/p1.jpg',
          imageTypeCode: '99',
          by: owner,
        }),
      ]);
    expect(record(withPicture).pictures[pictureId]).toMatchObject({
      processing: 'pending',
      imageTypeCode: '99',
      uploadedBy: owner,
      thumbnailAs: null,
    });
    spec(closed)
      .when(addPicture())
      .thenThrows(...refused(claimMessages.picturesClosed));
    spec(withdrawn)
      .when(addPicture(staff))
      .thenThrows(...refused(claimMessages.picturesClosed));
    spec(editing)
      .when(addPicture(stranger))
      .thenThrows(...hidden);
  });

  it('records processing once, from the system only', () => {
    spec(withPicture)
      .when(processed())
      .then([event('ClaimPictureProcessed', { pictureId, thumbnailAs: 't.jpg', width: 800 })]);
    const done = run([processed()], withPicture);
    expect(record(done).pictures[pictureId]).toMatchObject({
      processing: 'done',
      thumbnailAs: 't.jpg',
      displayAs: 'd.jpg',
    });
    spec(done).when(processed()).thenNothingHappened();
    spec(withPicture).when(processed(user)).thenNothingHappened();
    spec(submitted).when(processed()).thenNothingHappened();
  });

  it('classifies into a known category only, pictures of this claim only', () => {
    spec(withPicture)
      .when(classify([pictureId, pictureId], '202030'))
      .then([
        event('ClaimPicturesClassified', { pictureIds: [pictureId], imageTypeCode: '202030', imageTypeName: '电池' }),
      ]);
    expect(record(run([classify([pictureId], '202030')], withPicture)).pictures[pictureId]?.imageTypeCode).toBe(
      '202030',
    );
    spec(withPicture)
      .when(classify([pictureId], '77'))
      .thenThrows(...refused(claimMessages.categoryUnknown));
    spec(withPicture)
      .when(classify([pictureIdOf('c1', 'zz')], '10'))
      .thenThrows(...refused(claimMessages.pictureNotFound, ResultCode.notFound));
    spec(withPicture)
      .when(classify([], '10'))
      .thenThrows(...refused(claimMessages.pictureRequired));
  });

  it('deletes pictures from the claim', () => {
    spec(withPicture)
      .when(deletePictures([pictureId]))
      .then([event('ClaimPicturesDeleted', { pictureIds: [pictureId] })]);
    const deleted = run([deletePictures([pictureId])], withPicture);
    expect(record(deleted).pictures).toEqual({});
    spec(deleted)
      .when(deletePictures([pictureId]))
      .thenThrows(...refused(claimMessages.pictureNotFound, ResultCode.notFound));
    spec(deleted).when(processed()).thenNothingHappened();
  });
});

describe('claim evolve', () => {
  it('maps each status to its wire number', () => {
    for (const [status, events] of Object.entries(byStatus)) expect(statusOf(events)).toBe(status);
    expect(claimStateNumber(record(editing).status)).toBe(ClaimState.editing);
    expect(claimStateNumber(record(saved).status)).toBe(2);
    expect(claimStateNumber(record(submitted).status)).toBe(3);
    expect(claimStateNumber(record(processing).status)).toBe(4);
    expect(claimStateNumber(record(closed).status)).toBe(5);
    expect(claimStateNumber(record(withdrawn).status)).toBe(6);
    expect(claimStateNumber('cancelled')).toBeNull();
  });

  it('counts every event in the version', () => {
    expect(initialClaim().version).toBe(0);
    expect(state(editing).version).toBe(1);
    expect(state(submitted).version).toBe(3);
    expect(state(closed).version).toBe(5);
    // An event before the opening still moves the version, so appends stay in step with the stream.
    const stray = decideClaim(save(), state(editing))[0]!;
    expect(state([stray])).toEqual({ status: 'none', version: 1 });
  });
});
