import { shanghaiDate, shanghaiMidnight } from '../shared/calendar.ts';

/**
 * What a verification answers, in the order a document's own facts outrank its period: a withdrawn
 * certificate or a cancelled policy says so whatever the date. A new status is one line here (its
 * wire name and text) and one rule in `verificationStatus`.
 */
export const verificationStatusText = {
  valid: '有效',
  notYetValid: '未生效',
  expired: '已失效',
  withdrawn: '已撤销',
  cancelled: '已退保',
  notFound: '不存在',
} as const;
export type VerificationStatus = keyof typeof verificationStatusText;
export const verificationStatuses = Object.keys(verificationStatusText) as VerificationStatus[];

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
  /** The policy was cancelled (退保); no event names it yet. */
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
