import { describe, expect, it } from 'vitest';
import { claimEventTypes, type ClaimEvent } from '../claims/claim.events.ts';
import { generalApplication } from '../ordering/fixtures.ts';
import { normaliseOrderForm, orderFormSchema, type OrderForm } from '../ordering/form.ts';
import { evolveOrder, initialOrder, type Order, type OrderEvent } from '../ordering/order.events.ts';
import { buildPlanLines } from '../ordering/plan.ts';
import { auditChanges, countChanges, type AuditEntry } from './changeKinds.ts';
import { claimAuditEntries, claimChangeOf } from './claimHistory.ts';
import { auditCsv } from './csv.ts';
import { diffOrderForms } from './orderChanges.ts';
import { orderAuditEntries } from './orderHistory.ts';
import { claimSubject, orderSubject } from './subjects.ts';

const form = (patch: (raw: Record<string, any>) => void = () => undefined): OrderForm => {
  const raw = generalApplication() as Record<string, any>;
  patch(raw);
  return normaliseOrderForm(orderFormSchema.parse(raw));
};

describe('diffOrderForms()', () => {
  it('finds nothing between a form and itself', () => {
    expect(diffOrderForms(form(), form())).toEqual([]);
  });

  it('names changed leaves by section and item, and a whole added or removed item in one row', () => {
    const after = form((raw) => {
      raw.uavInfoList[1].price = 190000;
      raw.uavInfoList[0].partInfoList = [{ name: '电池', price: 800 }];
      raw.uavDriverInfoList = [];
      raw.flyingInfo.mainTerrain = '城市';
      raw.startDate = '2030-01-01';
    });
    const rows = diffOrderForms(form(), after);
    expect(rows).toEqual(
      expect.arrayContaining([
        {
          moduleName: '投保信息',
          path: 'startDate',
          fieldName: '起保日期',
          operateType: '修改',
          oldValue: null,
          newValue: '2030-01-01',
        },
        {
          moduleName: '无人机信息',
          path: 'uavInfoList[1].price',
          fieldName: '无人机2(巡检固定翼)·购价',
          operateType: '修改',
          oldValue: '180000',
          newValue: '190000',
        },
        {
          moduleName: '配件信息',
          path: 'uavInfoList[0].partInfoList[0]',
          fieldName: '无人机1(测绘一号)·配件1(电池)',
          operateType: '新增',
          oldValue: null,
          newValue: '无人机1(测绘一号)·配件1(电池)',
        },
        {
          moduleName: '飞手信息',
          path: 'uavDriverInfoList[0]',
          fieldName: '飞手1(王飞)',
          operateType: '删除',
          oldValue: '飞手1(王飞)',
          newValue: null,
        },
        {
          moduleName: '飞行信息',
          path: 'flyingInfo.mainTerrain',
          fieldName: '主要地形',
          operateType: '修改',
          oldValue: '山区',
          newValue: '城市',
        },
      ]),
    );
    // The hull cover's amount follows the drones' prices (险种信息), nothing else moved.
    expect(rows.filter((r) => r.moduleName === '险种信息').map((r) => r.path)).toEqual([
      'insuranceTypeInfoList[1].insuranceAmount',
    ]);
    expect(rows).toHaveLength(6);
  });

  it('against no form lists what was filled in; bookkeeping keys and unknown keys behave', () => {
    const rows = diffOrderForms(null, form());
    expect(rows.some((r) => r.path === 'id' || r.path === 'state')).toBe(false);
    expect(rows).toEqual(
      expect.arrayContaining([expect.objectContaining({ fieldName: '订单类型', newValue: '普通' })]),
    );
    expect(rows.filter((r) => r.moduleName === '无人机信息').map((r) => r.operateType)).toEqual(['新增', '新增']);
    const odd = { ...form(), futureField: 'x' } as OrderForm;
    expect(diffOrderForms(form(), odd)).toEqual([
      {
        moduleName: '投保信息',
        path: 'futureField',
        fieldName: 'futureField',
        operateType: '修改',
        oldValue: null,
        newValue: 'x',
      },
    ]);
  });
});

describe('orderAuditEntries()', () => {
  const saved = (f: OrderForm, at: string): OrderEvent => ({
    type: 'OrderDraftSaved',
    data: { orderId: 'o1', orderNo: 'FB20260101000001', owner: '13800000001', orderType: 0, form: f, savedAt: at },
  });
  const fold = (events: OrderEvent[]) => {
    let state: Order = initialOrder();
    const rows: AuditEntry[] = [];
    events.forEach((e, i) => {
      rows.push(...orderAuditEntries(state, e, i));
      state = evolveOrder(state, e);
    });
    return rows;
  };
  const lines = buildPlanLines(form());
  const request = {
    requestId: 'o1:1:2',
    insurerId: 2,
    insurerName: '平安产险',
    requestedAt: '2026-01-01T02:00:00Z',
    answerDueAt: '2026-01-02T02:00:00Z',
    deadlineAt: '2026-01-09T02:00:00Z',
  };

  it('tells who did what, when, with field rows on saves and reasons on withdrawals', () => {
    const rows = fold([
      saved(form(), '2026-01-01T01:00:00Z'),
      saved(
        form((raw) => (raw.uavInfoList[1].price = 190000)),
        '2026-01-01T01:30:00Z',
      ),
      {
        type: 'InquiryRequested',
        data: {
          orderId: 'o1',
          round: 1,
          form: form(),
          lines,
          requests: [request],
          requestedAt: '2026-01-01T02:00:00Z',
        },
      },
      {
        type: 'InsurerQuoteRecorded',
        data: {
          orderId: 'o1',
          requestId: request.requestId,
          insurerId: 2,
          answers: [{ key: lines[0]!.key, kind: 'quoted', premium: 1234.5, deductible: '免赔10%' }],
          source: 'manual',
          recordedBy: '19900000001',
          recordedAt: '2026-01-01T03:00:00Z',
        },
      },
      {
        type: 'InquiryRevoked',
        data: {
          orderId: 'o1',
          round: 1,
          revokeReason: '其他',
          revokeReasonTxt: '预算调整',
          revokedAt: '2026-01-01T04:00:00Z',
        },
      },
    ]);
    const heads = rows.filter((r) => r.fieldName === '');
    expect(heads.map((r) => [r.operateType, r.userName, r.change, r.operateDate])).toEqual([
      ['创建', '13800000001', 'fill', '2026-01-01 09:00:00'],
      ['暂存', '13800000001', 'fill', '2026-01-01 09:30:00'],
      ['询价', '13800000001', 'inquiry', '2026-01-01 10:00:00'],
      ['人工报价', '19900000001', 'admin', '2026-01-01 11:00:00'],
      ['撤销询价', '13800000001', 'revoke', '2026-01-01 12:00:00'],
    ]);
    expect(heads[1]!.details).toBe('保存投保信息（2项修改）');
    // The inquiry went out with the earlier price again: its own field rows say so.
    expect(rows.filter((r) => r.position === 2 && r.fieldName !== '').map((r) => r.details)).toContain(
      '190000 → 180000',
    );
    expect(heads[3]!.details).toBe(
      `平安产险人工录入报价：${lines[0]!.insuranceTypeInfoName}（测绘一号）：保费1234.5元，免赔10%`,
    );
    expect(heads[4]).toMatchObject({ details: '撤销第1轮询价', remark: '其他：预算调整' });
  });

  it('shows a 批改 with its version, who approved it and each change before/after, and a 退保 with its reason', () => {
    const before = evolveOrder(initialOrder(), saved(form(), '2026-01-01T01:00:00Z'));
    const endorsed = orderAuditEntries(
      before,
      {
        type: 'PolicyEndorsed',
        data: {
          orderId: 'o1',
          endorsementId: 'e1',
          endorsementNo: 'PD0001',
          version: 2,
          effectiveDate: '2026-02-01',
          form: form(),
          lines: [],
          answers: [],
          totalPremium: 900,
          premiumDifference: -50.5,
          changes: [
            { kind: 'removeDrone', label: '减除无人机', before: 'UAV-1', after: null, premiumDifference: -50.5 },
          ],
          removedDeviceNumbers: ['UAV-1'],
          approvedBy: '19900000002',
          endorsedAt: '2026-01-31T02:00:00Z',
        },
      },
      8,
    );
    expect(endorsed).toMatchObject([
      {
        userName: '19900000002',
        operateType: '批改',
        details: '批改为第2版，批单号PD0001，2026-02-01起生效，保费差额-50.5元，批改后年保费900元',
        remark: '审批人：19900000002',
        change: 'policy',
      },
      { operateType: '批改项目', fieldName: '减除无人机', details: 'UAV-1 → —（保费差额-50.5元）', change: 'policy' },
    ]);
  });

  it('shows an event it does not know yet as a generic row instead of failing', () => {
    const before = evolveOrder(initialOrder(), saved(form(), '2026-01-01T01:00:00Z'));
    const rows = orderAuditEntries(
      before,
      {
        type: 'QuoteValidityExtended',
        data: { orderId: 'o1', extendedBy: '19900000001', extendedAt: '2026-01-03T00:00:00Z', reason: '客户要求' },
      },
      7,
    );
    expect(rows).toEqual([
      {
        position: 7,
        operateDate: '2026-01-03 08:00:00',
        userName: '19900000001',
        operateType: 'QuoteValidityExtended',
        moduleName: '订单',
        fieldName: '',
        details: '订单事件：QuoteValidityExtended',
        remark: '客户要求',
        change: 'other',
      },
    ]);
  });
});

describe('claim audit rows', () => {
  it('gives every claim event a kind of change; rows of an amendment keep their explanations', () => {
    for (const type of claimEventTypes) expect(auditChanges).toContain(claimChangeOf(type));
    const amended: ClaimEvent = {
      type: 'ClaimAmended',
      data: {
        claimId: 'c1',
        at: '2026-01-05T02:00:00Z',
        by: '19900000001',
        basedOnVersion: 3,
        form: {} as never,
        changes: [
          {
            moduleName: '事故基本信息',
            path: 'accidentAddress',
            fieldName: '详细地址',
            operateType: '修改',
            oldValue: 'A',
            newValue: 'B',
            remark: '客户来电更正',
          },
        ],
      },
    };
    const rows = claimAuditEntries(amended, 4);
    expect(rows.map((r) => [r.operateType, r.change, r.remark])).toEqual([
      ['管理员修改', 'admin', ''],
      ['修改', 'admin', '客户来电更正'],
    ]);
    expect(countChanges(rows)).toEqual([{ change: 'admin', name: '管理员修改', count: 1 }]);
  });
});

describe('subjects and CSV', () => {
  it('shapes an order and a cancelled claim for the search', () => {
    expect(orderSubject(initialOrder(), 'x')).toBeNull();
    const order = evolveOrder(initialOrder(), {
      type: 'OrderDraftSaved',
      data: {
        orderId: 'o1',
        orderNo: 'FB1',
        owner: '138',
        orderType: 0,
        form: form(),
        savedAt: '2026-01-01T00:00:00Z',
      },
    });
    expect(orderSubject(order, '2026-01-02T00:00:00Z')).toMatchObject({
      kind: 'order',
      number: 'FB1',
      state: 0,
      stateName: '待询价',
      policyNo: null,
      updatedAt: '2026-01-02T00:00:00Z',
    });
    const claim = {
      status: 'cancelled',
      claimId: 'c1',
      claimNo: 'LP1',
      orderId: 'o1',
      owner: '138',
      policy: { policyNo: 'P1', insurerName: 'I', startDate: 's', endDate: 'e' },
      assessment: null,
      createdAt: 'c',
    };
    expect(claimSubject(claim as never, 'u')).toMatchObject({
      kind: 'claim',
      state: null,
      stateName: '已取消',
      policyNo: 'P1',
      orderId: 'o1',
    });
  });

  it('writes a BOM, Chinese headers with the kind of change, and formula-safe cells', () => {
    const csv = auditCsv([
      {
        position: 1,
        operateDate: '2026-01-01 09:00:00',
        userName: '138',
        operateType: '暂存',
        moduleName: '订单',
        fieldName: '',
        details: '=HYPERLINK("x")',
        remark: 'a,b',
        change: 'fill',
      },
    ]);
    expect(csv).toBe(
      '\uFEFF操作时间,操作人,变更类型,模块,字段,操作类型,详情,说明\r\n2026-01-01 09:00:00,138,填写,订单,,暂存,"\'=HYPERLINK(""x"")","a,b"\r\n',
    );
  });
});
