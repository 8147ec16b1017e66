import { invalid } from '../shared/errors.ts';
import { splitDeviceCodes, type Drone } from '../ordering/form.ts';
import type { Order } from '../ordering/order.events.ts';
import { assessExposure, assessTotal, lineLimitYuan, type LossKind } from './settlement.ts';

/**
 * What a claim knows of its policy, copied when the claim is opened: later changes to the
 * order (a lapse, a new inquiry) must not change what this claim was insured for.
 */
export type CoverLineSnapshot = {
  key: string;
  insuranceTypeId: number;
  name: string;
  droneName: string | null;
  /** Sum insured in 10k yuan, as on the plan. */
  insuranceAmount: number;
  premium: number | null;
  deductible: string | null;
};
export type InsuredDrone = Omit<Drone, 'deviceNumber' | 'partInfoList' | 'id' | 'orderInfoId' | 'quantity'> & {
  /** One device code: a claim names each damaged aircraft by its code. */
  deviceNumber: string;
};
export type PolicySnapshot = {
  orderId: string;
  orderNo: string;
  policyNo: string;
  insurerId: number;
  insurerName: string;
  startDate: string;
  endDate: string;
  /** 退保: the cancellation's effective date, after which an accident is not covered; absent or null: none. */
  coverEndsAt?: string | null;
  totalPremium: number;
  lines: CoverLineSnapshot[];
  drones: InsuredDrone[];
  /** The policy version the claim was opened against (1 until a 批改); absent on claims opened before versions. */
  policyVersion?: number;
  /** Drones a 批改 took off the policy, each from its effective date: an accident from that day is not covered. */
  removedDrones?: RemovedDrone[];
};
export type RemovedDrone = { deviceNumber: string; effectiveDate: string; version: number };

type PolicyOrder = Extract<Order, { status: 'inForce' | 'underwritten' | 'lapsed' | 'cancelled' }>;

export const policySnapshot = (order: PolicyOrder): PolicySnapshot => {
  const insurer = order.insurers.find((p) => p.request.insurerId === order.insurer.id);
  const lines = order.lines.map((line): CoverLineSnapshot => {
    const answer = insurer?.answers[line.key];
    return {
      key: line.key,
      insuranceTypeId: line.insuranceTypeInfoId,
      name: line.insuranceTypeInfoName,
      droneName: line.uavInfoName,
      insuranceAmount: line.insuranceAmount,
      premium: answer?.kind === 'quoted' ? answer.premium : null,
      deductible: answer?.kind === 'quoted' ? answer.deductible : null,
    };
  });
  const drones = order.form.uavInfoList.flatMap((drone) => {
    const { deviceNumber, partInfoList: _p, id: _i, orderInfoId: _o, quantity: _q, ...rest } = drone;
    return splitDeviceCodes(deviceNumber).map((code): InsuredDrone => ({ ...rest, deviceNumber: code }));
  });
  return {
    orderId: order.orderId,
    orderNo: order.orderNo,
    policyNo: order.policyNo,
    insurerId: order.insurer.id,
    insurerName: order.insurer.name,
    startDate: order.startDate,
    endDate: order.endDate,
    coverEndsAt: order.status === 'cancelled' ? order.cancellation.effectiveDate : null,
    totalPremium: order.totalPremium,
    lines,
    drones,
    policyVersion: order.version ?? 1,
    removedDrones: removedDronesOf(order, drones),
  };
};

/**
 * Every drone a 批改 removed and the day it stopped being insured; a code insured again by a later
 * 批改 (back in the current drones) is covered and not listed.
 */
const removedDronesOf = (order: PolicyOrder, current: readonly InsuredDrone[]): RemovedDrone[] => {
  const removed = new Map<string, RemovedDrone>();
  for (const v of order.versions ?? [])
    for (const code of v.removedDeviceNumbers)
      removed.set(code, { deviceNumber: code, effectiveDate: v.effectiveDate, version: v.version });
  return [...removed.values()].filter((r) => !current.some((d) => d.deviceNumber === r.deviceNumber));
};

/** The codes a claim may name: the drones insured now and those removed later (an accident before the removal is covered). */
export const claimableDeviceCodes = (policy: PolicySnapshot): string[] => [
  ...policy.drones.map((d) => d.deviceNumber),
  ...(policy.removedDrones ?? []).map((r) => r.deviceNumber),
];

/** The policy's drones with these codes, in the order asked (unknown codes are skipped). */
export const insuredDronesByCodes = (policy: PolicySnapshot, codes: readonly string[]): InsuredDrone[] =>
  codes.flatMap((code) => policy.drones.filter((d) => d.deviceNumber === code));

// --- Assessment: per cover line ("exposure"), payable from that line's deductible and limit.

export type ExposureLoss = { lineKey: string; kind: LossKind; lossAmount: number; remark?: string };
export type AssessedExposure = ExposureLoss & {
  lineName: string;
  deductibleText: string | null;
  deductibleAmount: number;
  payableAmount: number;
  limitAmount: number | null;
  cappedBy: 'limit' | 'perPayout' | null;
  /** False when the deductible text is not one the rules read: staff must check it by hand. */
  understood: boolean;
};

/** Amounts in yuan; a line's sum insured is in 10k yuan on the plan. */
export const assessExposures = (policy: PolicySnapshot, losses: readonly ExposureLoss[]) => {
  if (losses.length === 0) throw invalid('请填写定损明细');
  const exposures = losses.map((loss): AssessedExposure => {
    const line = policy.lines.find((l) => l.key === loss.lineKey);
    if (!line) throw invalid('定损险种不在保单中');
    const limitAmount = lineLimitYuan(line.insuranceAmount);
    const result = assessExposure({
      lossYuan: loss.lossAmount,
      kind: loss.kind,
      deductibleText: line.deductible,
      limitYuan: limitAmount,
    });
    return {
      ...loss,
      lineName: line.droneName ? `${line.name}（${line.droneName}）` : line.name,
      deductibleText: line.deductible,
      deductibleAmount: result.deductibleYuan,
      payableAmount: result.payableYuan,
      limitAmount,
      cappedBy: result.cappedBy,
      understood: result.understood,
    };
  });
  const total = assessTotal(
    exposures.map((e) => ({
      lossYuan: e.lossAmount,
      deductibleYuan: e.deductibleAmount,
      payableYuan: e.payableAmount,
      cappedBy: e.cappedBy,
      understood: e.understood,
    })),
  );
  return { exposures, lossAmount: total.lossYuan, payableAmount: total.payableYuan };
};
