import { describe, expect, it } from 'vitest';
import type { ClaimEvent, ExplainedChange, FieldChange } from './claim.events.ts';
import { emptyClaimForm } from './form.ts';
import { claimHistoryEntries, historyCsv, type HistoryEntry } from './history.ts';
import type { AssessedExposure, PolicySnapshot } from './policy.ts';

const at = { claimId: 'c-1', at: '2026-05-01T02:03:04.000Z', by: 'alice' };
const priceChange: FieldChange = {
  moduleName: '无人机损失信息',
  path: 'settlementUavInfoList[UAV-1].price',
  fieldName: '无人机(UAV-1)·购价',
  operateType: '修改',
  oldValue: '1000',
  newValue: '1200',
};
const droneAdded: FieldChange = {
  moduleName: '无人机损失信息',
  path: 'settlementUavInfoList[UAV-2]',
  fieldName: '无人机(UAV-2)',
  operateType: '新增',
  oldValue: null,
  newValue: 'UAV-2',
};
const remarkCleared: FieldChange = {
  moduleName: '事故基本信息',
  path: 'accidentTypeRemark',
  fieldName: '事故经过',
  operateType: '修改',
  oldValue: '撞树',
  newValue: null,
};

describe('claimHistoryEntries', () => {
  it('gives a save a summary row and a row per change, in Shanghai time', () => {
    const event: ClaimEvent = {
      type: 'ClaimDraftSaved',
      data: { ...at, form: emptyClaimForm(), changes: [priceChange, droneAdded, remarkCleared] },
    };
    const row = { position: 7, operateDate: '2026-05-01 10:03:04', userName: 'alice', remark: '' };
    expect(claimHistoryEntries(event, 7)).toEqual<HistoryEntry[]>([
      { ...row, operateType: '暂存', moduleName: '理赔单', fieldName: '', details: '暂存理赔单（3项修改）' },
      {
        ...row,
        operateType: '修改',
        moduleName: '无人机损失信息',
        fieldName: '无人机(UAV-1)·购价',
        details: '1000 → 1200',
      },
      { ...row, operateType: '新增', moduleName: '无人机损失信息', fieldName: '无人机(UAV-2)', details: '新增：UAV-2' },
      { ...row, operateType: '修改', moduleName: '事故基本信息', fieldName: '事故经过', details: '撞树 → （空）' },
    ]);
  });

  it('says a submission without changes had none', () => {
    const event: ClaimEvent = {
      type: 'ClaimSubmitted',
      data: { ...at, form: emptyClaimForm(), changes: [], acceptDueAt: at.at },
    };
    expect(claimHistoryEntries(event, 1)).toEqual([
      expect.objectContaining({ operateType: '提交', details: '提交理赔单（无修改）' }),
    ]);
  });

  it('carries each explanation of an amendment in the remark', () => {
    const changes: ExplainedChange[] = [{ ...priceChange, remark: '发票金额为1200元' }];
    const event: ClaimEvent = {
      type: 'ClaimAmended',
      data: { ...at, by: 'admin', form: emptyClaimForm(), changes, basedOnVersion: 4 },
    };
    const entries = claimHistoryEntries(event, 5);
    expect(entries.map((e) => [e.operateType, e.fieldName, e.details, e.remark, e.userName])).toEqual([
      ['管理员修改', '', '管理员修改理赔单（1项修改）', '', 'admin'],
      ['修改', '无人机(UAV-1)·购价', '1000 → 1200', '发票金额为1200元', 'admin'],
    ]);
  });

  it('names the policy on opening and the system on an overdue stage', () => {
    const policy = { policyNo: 'PN-001' } as PolicySnapshot;
    const opened: ClaimEvent = {
      type: 'ClaimOpened',
      data: { ...at, claimNo: 'LP-1', orderId: 'o-1', owner: 'alice', policy },
    };
    expect(claimHistoryEntries(opened, 1)[0]).toMatchObject({
      operateType: '创建',
      details: expect.stringContaining('PN-001'),
    });
    const overdue: ClaimEvent = {
      type: 'ClaimSlaOverdue',
      data: { ...at, by: 'scheduler', stage: 'close', dueAt: at.at },
    };
    expect(claimHistoryEntries(overdue, 2)[0]).toMatchObject({
      operateType: '超时',
      details: '结案超时',
      userName: '系统',
    });
    const accepted: ClaimEvent = {
      type: 'ClaimAccepted',
      data: { ...at, by: 'system', reason: null, closeDueAt: at.at },
    };
    expect(claimHistoryEntries(accepted, 3)[0]).toMatchObject({ operateType: '受理', userName: '系统', remark: '' });
  });

  it('lists each assessed exposure and the total', () => {
    const exposure = {
      lineName: '机身险（M300）',
      lossAmount: 10000,
      deductibleAmount: 1000,
      payableAmount: 9000,
    } as AssessedExposure;
    const event: ClaimEvent = {
      type: 'ClaimAssessed',
      data: { ...at, exposures: [exposure], lossAmount: 10000, payableAmount: 9000, reason: '按发票定损' },
    };
    expect(claimHistoryEntries(event, 9)[0]).toMatchObject({
      operateType: '定损',
      details: '机身险（M300）：损失10000元，免赔1000元，赔付9000元；合计：损失10000元，赔付9000元',
      remark: '按发票定损',
    });
  });

  it('names the assignee, or says the claim was unassigned', () => {
    const assigned: ClaimEvent = { type: 'ClaimAssigned', data: { ...at, assignee: '13700000007' } };
    expect(claimHistoryEntries(assigned, 4)).toEqual([
      {
        position: 4,
        operateDate: '2026-05-01 10:03:04',
        userName: 'alice',
        operateType: '分派',
        moduleName: '理赔单',
        fieldName: '',
        details: '分派给 13700000007',
        remark: '',
      },
    ]);
    const unassigned: ClaimEvent = { type: 'ClaimAssigned', data: { ...at, assignee: null } };
    expect(claimHistoryEntries(unassigned, 5)[0]).toMatchObject({ operateType: '分派', details: '取消分派' });
  });

  it('counts the pictures of a bulk step', () => {
    const event: ClaimEvent = { type: 'ClaimPicturesDeleted', data: { ...at, pictureIds: ['p1', 'p2'] } };
    expect(claimHistoryEntries(event, 3)[0]).toMatchObject({ operateType: '删除图片', details: '删除2张图片' });
  });
});

describe('historyCsv', () => {
  const entry = (patch: Partial<HistoryEntry>): HistoryEntry => ({
    position: 1,
    operateDate: '2026-05-01 10:03:04',
    userName: 'alice',
    operateType: '修改',
    moduleName: '事故基本信息',
    fieldName: '事故经过',
    details: 'a → b',
    remark: '',
    ...patch,
  });

  it('starts with a BOM and the Chinese header', () => {
    expect(historyCsv([])).toBe('\uFEFF操作时间,操作人,模块,字段,操作类型,详情,说明\r\n');
  });

  it('quotes commas, quotes and new lines as RFC 4180 does', () => {
    const csv = historyCsv([entry({ details: '他说"好"', remark: '第一行\n第二行,续' })]);
    expect(csv.split('\r\n')[1]).toBe(
      '2026-05-01 10:03:04,alice,事故基本信息,事故经过,修改,"他说""好""","第一行\n第二行,续"',
    );
  });

  it('makes cells that a spreadsheet would run as formulas plain text', () => {
    const csv = historyCsv([
      entry({ userName: '=HYPERLINK("http://x")', details: '-5 → 3', remark: '@SUM(A1)', fieldName: '+1' }),
    ]);
    expect(csv.split('\r\n')[1]).toBe(
      `2026-05-01 10:03:04,"'=HYPERLINK(""http://x"")",事故基本信息,'+1,修改,'-5 → 3,'@SUM(A1)`,
    );
  });
});
