import { generalApplication, prepared } from '../ordering/fixtures.ts';
import { buildPlanLines } from '../ordering/plan.ts';
import { evolveOrder, initialOrder, type OrderEvent } from '../ordering/order.events.ts';
import type { PolicyOrder } from './content.ts';

/** A bought and underwritten order, folded from its events (tests and the benchmark). */
export const policyOrderFixture = (droneCount?: number): PolicyOrder => {
  const application = generalApplication();
  if (droneCount !== undefined)
    application.uavInfoList = Array.from({ length: droneCount }, (_, i) => ({
      name: `巡检${i + 1}号`,
      deviceNumber: `1581F5FHD${String(i + 1).padStart(4, '0')}`,
      manufacturer: i % 2 === 0 ? '大疆 DJI' : '极飞科技',
      model: i % 2 === 0 ? 'Matrice 350 RTK' : 'P100 Pro',
      productionYear: '2024-05-01',
      price: 50_000 + i * 1_000,
      deviceType: '多旋翼',
      rotorCount: 4,
    }));
  const form = prepared(application);
  const lines = buildPlanLines(form);
  const at = '2026-11-20T02:00:00.000Z';
  const orderId = '3f1c2a9e-7b4d-4c1e-9a55-0c2f6d8e1b70';
  const events: OrderEvent[] = [
    {
      type: 'OrderDraftSaved',
      data: { orderId, orderNo: 'FB202611200001', owner: '13912345678', orderType: 0, form, savedAt: at },
    },
    {
      type: 'InquiryRequested',
      data: {
        orderId,
        round: 1,
        form,
        lines,
        requests: [
          {
            requestId: 'r1',
            insurerId: 1,
            insurerName: '人保财险',
            requestedAt: at,
            answerDueAt: at,
            deadlineAt: '2026-11-27T02:00:00.000Z',
          },
        ],
        requestedAt: at,
      },
    },
    {
      type: 'InsurerQuoteRecorded',
      data: {
        orderId,
        requestId: 'r1',
        insurerId: 1,
        answers: lines.map((l, i) => ({
          key: l.key,
          kind: 'quoted' as const,
          premium: 600 + i * 10.5,
          deductible: i % 2 === 0 ? '免赔10%或1000元' : '人伤0免赔',
        })),
        source: 'automatic',
        recordedBy: 'system',
        recordedAt: at,
      },
    },
    { type: 'QuotingCompleted', data: { orderId, round: 1, completedAt: at } },
    {
      type: 'OrderInsured',
      data: {
        orderId,
        insurerId: 1,
        insurerName: '人保财险',
        totalPremium: lines.reduce((sum, _l, i) => sum + 600 + i * 10.5, 0),
        insuredAt: at,
        requestedStartDate: null,
      },
    },
    {
      type: 'PolicyUnderwritten',
      data: {
        orderId,
        policyNo: 'PICC2026110000123',
        startDate: '2026-11-20T16:00:00.000Z',
        endDate: '2027-11-20T16:00:00.000Z',
        underwrittenAt: at,
      },
    },
  ];
  const order = events.reduce(evolveOrder, initialOrder());
  if (order.status !== 'underwritten') throw new Error(`fixture order ended ${order.status}`);
  return order;
};

export const partiesFixture = {
  policyholder: { name: '飞保测绘科技有限公司', idLabel: '统一社会信用代码', idNumber: '913100********000X' },
  insured: { name: '飞保测绘科技有限公司', idLabel: '统一社会信用代码', idNumber: '913100********000X' },
};
