import { shanghaiDate, shanghaiMidnight } from '../shared/calendar.ts';

/**
 * What a verification answers, in the order a document's own facts outrank its period: a withdrawn
 * certificate or a cancelled policy says so whatever the date. A new status is one line here (its
 * wire name, text and explanation) and one rule in `verificationStatus`.
 */
export const verificationStatusTable = {
  valid: { text: '有效', hint: '保单在保险期间内，保障有效' },
  notYetValid: { text: '未生效', hint: '保单已签发，尚未到保险期间的起始日' },
  expired: { text: '已失效', hint: '保险期间已结束，保障已失效' },
  withdrawn: { text: '已撤销', hint: '该投保证明已由投保人撤销，不再作为投保证明使用' },
  cancelled: { text: '已退保', hint: '该保单已退保，保障已终止' },
  notFound: { text: '不存在', hint: '未找到对应的保单或投保证明，请核对验证码或文件' },
} as const;
export type VerificationStatus = keyof typeof verificationStatusTable;
export const verificationStatuses = Object.keys(verificationStatusTable) as VerificationStatus[];
/** The status in Chinese, as `statusText` carries it. */
export const verificationStatusText = Object.fromEntries(
  verificationStatuses.map((status) => [status, verificationStatusTable[status].text]),
) as { [S in VerificationStatus]: (typeof verificationStatusTable)[S]['text'] };

const DAY_MS = 24 * 3600 * 1000;

/**
 * The period printed on a policy: from 00:00 of the start day to 24:00 of the end day, Asia/Shanghai.
 * `startDate`/`endDate` are the instants of `PolicyUnderwritten`; the cover runs until `endDate`, so
 * the last day covered is the Shanghai day of the instant just before it (an end at midnight ends
 * the day before at 24:00).
 */
export const policyPeriod = (startDate: string, endDate: string) => {
  const startDay = shanghaiDate(new Date(startDate));
  const endDay = shanghaiDate(new Date(new Date(endDate).getTime() - 1));
  return {
    startDay,
    endDay,
    startsAt: shanghaiMidnight(startDay),
    /** 24:00 of the end day: the first instant not covered. */
    endsAt: new Date(shanghaiMidnight(endDay).getTime() + DAY_MS),
  };
};

/** What the status is computed from: the projected facts of the policy and, for a certificate, its own. */
export type VerificationFacts = {
  startDate: string;
  endDate: string;
  /** `PolicyLapsed` was recorded. */
  lapsed: boolean;
  /** The policy was cancelled (退保, `PolicyCancelled`). */
  cancelled: boolean;
  /** A certificate withdrawn by its customer; always false for the policy itself. */
  withdrawn: boolean;
};

/**
 * The status at `now`. The period is read from the clock, not only from `PolicyTookEffect` /
 * `PolicyLapsed`: a projection that is behind (or a lapse job not yet run) never makes a policy
 * look in force after 24:00 of its end day, nor before 00:00 of its start day.
 */
export const verificationStatus = (facts: VerificationFacts, now: Date): Exclude<VerificationStatus, 'notFound'> => {
  if (facts.withdrawn) return 'withdrawn';
  if (facts.cancelled) return 'cancelled';
  if (facts.lapsed) return 'expired';
  const { startsAt, endsAt } = policyPeriod(facts.startDate, facts.endDate);
  if (now.getTime() < startsAt.getTime()) return 'notYetValid';
  if (now.getTime() >= endsAt.getTime()) return 'expired';
  return 'valid';
};

/** Shown beside the period: `2026-12-01 00:00 至 2027-11-30 24:00`. */
export const periodText = (startDate: string, endDate: string) => {
  const { startDay, endDay } = policyPeriod(startDate, endDate);
  return `${startDay} 00:00 至 ${endDay} 24:00`;
};
