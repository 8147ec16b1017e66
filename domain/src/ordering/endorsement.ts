import { z } from 'zod';
import { CoverGroup, CoverId, insuranceTypeById } from './catalogue.ts';
import {
  droneSchema,
  normaliseOrderForm,
  splitDeviceCodes,
  validateOrderForm,
  type Drone,
  type InsuredContact,
  type OrderForm,
} from './form.ts';

export type { InsuredContact };
import { buildPlanLines, droneDisplayName, planLineKey, type PlanLine } from './plan.ts';
import { shanghaiDate, shanghaiMidnight } from '../shared/calendar.ts';
import { record, text } from '../shared/fields.ts';

/**
 * 批改: what a customer may change on an issued policy (docs/api/endorsement.md), and the policy it
 * gives. Pure: the decider, the query service's preview and the insurer worker all apply changes here.
 */

export const endorsementMessages = {
  // The endorse guard's refusals (guards.ts).
  endorseNotAllowed: '只有已承保或保障中的保单可以批改',
  endorseAfterEnd: '保单已到期，不能批改',
  endorsementPending: '该保单有一项批改正在处理中，请等待处理完成或撤回后再申请',
  cancellationPending: '该保单正在办理退保，不能批改',
  changesRequired: '请至少填写一项批改内容',
  tooManyChanges: '批改内容过多',
  changeInvalid: '批改内容不正确',
  droneNotFound: '要删除的无人机不存在',
  keepOneDrone: '至少保留一架无人机',
  lineNotFound: '要变更保额的险种不存在',
  amountInvalid: '保额必须大于0',
  contactEmpty: '请填写新的联系方式',
  effectiveDateInvalid: '批改生效日期须在明天至保险止期之间',
  notFound: '批改申请不存在',
  notPending: '该批改已处理',
  notReferred: '该批改不在人工审核中',
  confirmedTotalRequired: '请先试算批改保费并确认',
  queueStatusInvalid: '批改状态不正确',
  nothingToPay: '该批改没有待支付的保费',
  reasonRequired: '请填写原因',
  reasonTooLong: '原因不能超过200个字符',
  premiumMissing: '请为转人工的险种录入保费',
  confirmedMismatch: '批改保费与客户确认时不一致，需人工审核',
  referAbove: '批改保费超过自动核保金额，需人工审核',
  requested: '批改申请已提交，等待保险公司审核',
  withdrawn: '批改申请已撤回',
  approved: '批改已通过',
  declined: '批改已拒绝',
} as const;

/** Only a 批改 sets the insured's contact details (the insure form does not post them). */
export const contactSchema = record('联系方式', {
  name: text('联系人', 50),
  phone: text('联系电话', 20),
  address: text('联系地址', 200),
  email: text('电子邮箱', 100),
});

export const endorsementChangeSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('addDrone'), drone: droneSchema }),
    /** index: the drone's place in the policy's current uavInfoList. */
    z.object({ kind: z.literal('removeDrone'), index: z.number().int().min(0).max(1000) }),
    /** key: a plan line; a drone's value cover changes the drone's price, any other the cover's amount. */
    z.object({
      kind: z.literal('changeAmount'),
      key: z.string().max(40),
      insuranceAmount: z.number({ error: endorsementMessages.amountInvalid }).gt(0).max(100_000),
    }),
    z.object({ kind: z.literal('changeContact'), contact: contactSchema }),
  ],
  { error: endorsementMessages.changeInvalid },
);
export type EndorsementChange = z.output<typeof endorsementChangeSchema>;
export const endorsementChangesSchema = z
  .array(endorsementChangeSchema, { error: endorsementMessages.changesRequired })
  .min(1, { error: endorsementMessages.changesRequired })
  .max(50, { error: endorsementMessages.tooManyChanges });

/** The policy after the changes: its form and lines, where each old line went, the drones' codes removed. */
export type EndorsedPolicy = {
  form: OrderForm;
  lines: PlanLine[];
  /** Old line key → the same cover's key on the new policy (null: removed with its drone). */
  keyMap: Record<string, string | null>;
  removedDeviceNumbers: string[];
  contactBefore: InsuredContact | null;
};

const insuresDroneValue = (coverId: number) =>
  coverId === CoverId.hull || coverId === CoverId.comprehensive || coverId === CoverId.theft;

const droneIndexOf = (key: string) => {
  const part = key.split(':')[1];
  return part === undefined || part === '-' ? null : Number(part);
};

/** Applies the changes to the policy's form; a refusal message when they do not fit it. */
export const applyEndorsementChanges = (
  form: OrderForm,
  changes: readonly EndorsementChange[],
  today?: string,
): { ok: true; policy: EndorsedPolicy } | { ok: false; message: string } => {
  const oldLines = buildPlanLines(form);
  const removed = new Set<number>();
  const added: Drone[] = [];
  const prices = new Map<number, number>();
  const amounts = new Map<number, number>();
  let contact: InsuredContact | null = null;
  for (const change of changes) {
    switch (change.kind) {
      case 'addDrone':
        added.push(change.drone);
        break;
      case 'removeDrone':
        if (change.index >= form.uavInfoList.length) return { ok: false, message: endorsementMessages.droneNotFound };
        removed.add(change.index);
        break;
      case 'changeAmount': {
        const line = oldLines.find((l) => l.key === change.key);
        if (!line) return { ok: false, message: endorsementMessages.lineNotFound };
        const drone = droneIndexOf(line.key);
        if (drone !== null && insuresDroneValue(line.insuranceTypeInfoId)) {
          const quantity = form.uavInfoList[drone]?.quantity || 1;
          prices.set(drone, Math.round((change.insuranceAmount * 10_000) / quantity));
        } else amounts.set(line.insuranceTypeInfoId, change.insuranceAmount);
        break;
      }
      case 'changeContact':
        if (!Object.values(change.contact).some((v) => v))
          return { ok: false, message: endorsementMessages.contactEmpty };
        contact = { ...(form.insuredContact ?? {}), ...change.contact };
        break;
    }
  }
  const kept = form.uavInfoList.flatMap((d, i) =>
    removed.has(i) ? [] : [{ ...d, ...(prices.has(i) ? { price: prices.get(i) } : {}) }],
  );
  const perDrone = form.insuranceTypeInfoList.some(
    (l) => insuranceTypeById(l.insuranceTypeId)?.groupCode === CoverGroup.drone,
  );
  if (perDrone && kept.length + added.length === 0) return { ok: false, message: endorsementMessages.keepOneDrone };
  const next = normaliseOrderForm({
    ...form,
    uavInfoList: [...kept, ...added],
    insuranceTypeInfoList: form.insuranceTypeInfoList.map((l) =>
      amounts.has(l.insuranceTypeId) ? { ...l, insuranceAmount: amounts.get(l.insuranceTypeId) } : l,
    ),
    ...(contact ? { insuredContact: contact } : {}),
  });
  // Only what the changes add is checked as new (an issued policy's start date is in the past by now).
  const problem = validateOrderForm({ ...next, startDate: undefined }, today);
  if (problem) return { ok: false, message: problem };
  const newIndex = new Map<number, number>();
  let n = 0;
  form.uavInfoList.forEach((_, i) => {
    if (!removed.has(i)) newIndex.set(i, n++);
  });
  const keyMap = Object.fromEntries(
    oldLines.map((l) => {
      const drone = droneIndexOf(l.key);
      if (drone === null) return [l.key, l.key];
      const to = newIndex.get(drone);
      return [l.key, to === undefined ? null : planLineKey(l.insuranceTypeInfoId, to)];
    }),
  );
  return {
    ok: true,
    policy: {
      form: next,
      lines: buildPlanLines(next),
      keyMap,
      removedDeviceNumbers: [...removed].flatMap((i) => splitDeviceCodes(form.uavInfoList[i]?.deviceNumber)),
      contactBefore: contact ? (form.insuredContact ?? {}) : null,
    },
  };
};

/** Lines the insurer must rate again: new ones, or ones whose insured facts changed. */
export const linesToRate = (oldLines: readonly PlanLine[], policy: EndorsedPolicy): PlanLine[] => {
  const before = new Map<string, PlanLine>();
  for (const line of oldLines) {
    const to = policy.keyMap[line.key];
    if (to) before.set(to, line);
  }
  return policy.lines.filter((line) => {
    const old = before.get(line.key);
    return (
      !old ||
      old.insuranceAmount !== line.insuranceAmount ||
      old.quantity !== line.quantity ||
      old.uavInfoName !== line.uavInfoName
    );
  });
};

const DAY_MS = 24 * 3600 * 1000;

/**
 * From when the change applies: the next Shanghai midnight, or a chosen later day before the policy ends;
 * never before the policy starts. null: the chosen day is outside the period.
 */
export const endorsementEffectiveDate = (
  now: Date,
  policy: { startDate: string; endDate: string },
  chosen?: string | null,
): string | null => {
  const tomorrow = shanghaiMidnight(shanghaiDate(new Date(now.getTime() + DAY_MS)));
  const day = chosen ? shanghaiMidnight(chosen) : tomorrow;
  if (Number.isNaN(day.getTime()) || day.getTime() < tomorrow.getTime()) return null;
  if (day.getTime() >= new Date(policy.endDate).getTime()) return null;
  const start = new Date(policy.startDate);
  return (day.getTime() < start.getTime() ? start : day).toISOString();
};

export const lineLabel = (line: Pick<PlanLine, 'insuranceTypeInfoName' | 'uavInfoName'>) =>
  line.uavInfoName ? `${line.insuranceTypeInfoName}·${line.uavInfoName}` : line.insuranceTypeInfoName;

export const droneLabel = (drone: Drone, index: number) => droneDisplayName(drone, index);
