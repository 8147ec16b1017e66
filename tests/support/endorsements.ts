import { randomUUID } from 'node:crypto';
import { orderDecider } from '@feibao/domain/ordering/order.commands';
import {
  orderStreamId,
  type LineAnswer,
  type Order,
  type OrderEvent,
  type PolicyEndorsed,
} from '@feibao/domain/ordering/order.events';
import { splitDeviceCodes } from '@feibao/domain/ordering/form';
import { buildPlanLines } from '@feibao/domain/ordering/plan';
import { aggregate, type EventStore } from '@feibao/platform/eventStore';

/**
 * An approved 批改 as the endorsement flow records it (PolicyEndorsed on the order's stream), appended
 * as the system: the documents, verification, claims and audit that consume it are tested without the
 * request and approval that produce it. It takes `removeDevice` off the policy from `effectiveDate`,
 * refunding half of that drone's line for the days left.
 */
export const endorseRemovingDrone = async (
  eventStore: EventStore,
  orderId: string,
  {
    removeDevice,
    effectiveDate,
    approvedBy = '13800000000',
  }: { removeDevice: string; effectiveDate: string; approvedBy?: string },
): Promise<PolicyEndorsed['data']> => {
  const order = await aggregate<Order, OrderEvent>(eventStore, orderStreamId(orderId), orderDecider);
  if (order.status !== 'underwritten' && order.status !== 'inForce')
    throw new Error(`order ${orderId} is ${order.status}`);
  const index = order.form.uavInfoList.findIndex((d) => splitDeviceCodes(d.deviceNumber).includes(removeDevice));
  if (index < 0) throw new Error(`no drone ${removeDevice} on ${orderId}`);
  const drone = order.form.uavInfoList[index]!;
  const codes = splitDeviceCodes(drone.deviceNumber).filter((c) => c !== removeDevice);
  const uavInfoList = order.form.uavInfoList.map((d, i) =>
    i === index ? { ...d, deviceNumber: codes.join(','), quantity: codes.length } : d,
  );
  const form = { ...order.form, uavInfoList };
  const lines = buildPlanLines(form);
  const chosen = order.insurers.find((p) => p.request.insurerId === order.insurer.id)!;
  const ratio = codes.length / (codes.length + 1);
  const answers: LineAnswer[] = lines.map((line) => {
    const before = chosen.answers[line.key];
    if (before?.kind !== 'quoted') return before ?? { key: line.key, kind: 'quoted', premium: 0, deductible: '' };
    const premium = line.uavInfoId === String(index) ? Math.round(before.premium * ratio * 100) / 100 : before.premium;
    return { ...before, premium };
  });
  const totalPremium = Math.round(answers.reduce((s, a) => s + (a.kind === 'quoted' ? a.premium : 0), 0) * 100) / 100;
  const premiumDifference = -Math.round(((order.totalPremium - totalPremium) / 2) * 100) / 100;
  const version = (order.version ?? 1) + 1;
  const data: PolicyEndorsed['data'] = {
    orderId,
    endorsementId: randomUUID(),
    endorsementNo: `PD${order.policyNo.slice(-8)}${String(version).padStart(2, '0')}`,
    version,
    effectiveDate,
    form,
    lines,
    answers,
    totalPremium,
    premiumDifference,
    changes: [
      {
        kind: 'removeDrone',
        label: `减除无人机（${drone.name ?? drone.model ?? ''}）`,
        before: removeDevice,
        after: null,
        premiumDifference,
      },
    ],
    removedDeviceNumbers: [removeDevice],
    approvedBy,
    endorsedAt: new Date().toISOString(),
  };
  await eventStore.appendToStream(orderStreamId(orderId), [{ type: 'PolicyEndorsed', data }]);
  return data;
};
