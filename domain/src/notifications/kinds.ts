/**
 * What the platform tells people, one kind per moment (docs/api/notifications.md). The inbox (站内信) always
 * gets every kind; SMS is the recipient's choice per kind where `smsAllowed`, starting from `smsDefault`.
 */
export const notificationKinds = [
  'quotesIn',
  'quoteExpiring',
  'paymentDue',
  'paymentReceived',
  'paymentLapsed',
  'policyIssued',
  'policyInForce',
  'policyEnding',
  'policyEnded',
  'policyCancelled',
  'cancellationDeclined',
  'policyEndorsed',
  'endorsementPaymentDue',
  'endorsementDeclined',
  'claimAccepted',
  'evidenceRequested',
  'claimAssessed',
  'claimClosed',
  'claimAssigned',
  'claimOverdue',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export type KindInfo = {
  label: string;
  /** Who gets it: staff kinds are shown only to staff on the preferences page. */
  audience: 'customer' | 'staff';
  smsDefault: boolean;
  smsAllowed: boolean;
};

/** Due dates, documents and money decisions go by SMS unless switched off; progress news stays in the inbox. */
export const kindInfo: Record<NotificationKind, KindInfo> = {
  quotesIn: { label: '报价完成', audience: 'customer', smsDefault: false, smsAllowed: true },
  quoteExpiring: { label: '报价即将过期', audience: 'customer', smsDefault: false, smsAllowed: true },
  paymentDue: { label: '待支付', audience: 'customer', smsDefault: true, smsAllowed: true },
  paymentReceived: { label: '支付成功', audience: 'customer', smsDefault: false, smsAllowed: true },
  paymentLapsed: { label: '支付已失效', audience: 'customer', smsDefault: false, smsAllowed: true },
  policyIssued: { label: '电子保单已出具', audience: 'customer', smsDefault: true, smsAllowed: true },
  policyInForce: { label: '保单已生效', audience: 'customer', smsDefault: false, smsAllowed: true },
  policyEnding: { label: '保单即将到期', audience: 'customer', smsDefault: true, smsAllowed: true },
  policyEnded: { label: '保单今日到期', audience: 'customer', smsDefault: true, smsAllowed: true },
  policyCancelled: { label: '退保成功', audience: 'customer', smsDefault: true, smsAllowed: true },
  cancellationDeclined: { label: '退保申请未通过', audience: 'customer', smsDefault: true, smsAllowed: true },
  policyEndorsed: { label: '保单已批改', audience: 'customer', smsDefault: true, smsAllowed: true },
  endorsementPaymentDue: { label: '批改待支付', audience: 'customer', smsDefault: true, smsAllowed: true },
  endorsementDeclined: { label: '批改未通过', audience: 'customer', smsDefault: false, smsAllowed: true },
  claimAccepted: { label: '理赔已受理', audience: 'customer', smsDefault: false, smsAllowed: true },
  evidenceRequested: { label: '理赔需补充材料', audience: 'customer', smsDefault: false, smsAllowed: true },
  claimAssessed: { label: '理赔已核定', audience: 'customer', smsDefault: true, smsAllowed: true },
  claimClosed: { label: '理赔已结案', audience: 'customer', smsDefault: false, smsAllowed: true },
  claimAssigned: { label: '理赔案件分派给我', audience: 'staff', smsDefault: false, smsAllowed: true },
  claimOverdue: { label: '我的理赔案件超时', audience: 'staff', smsDefault: false, smsAllowed: true },
};

export const isNotificationKind = (value: unknown): value is NotificationKind =>
  typeof value === 'string' && (notificationKinds as readonly string[]).includes(value);

/** A user's SMS choices: only the kinds they changed are stored; the rest take the default. */
export type SmsChoices = Partial<Record<NotificationKind, boolean>>;

export const smsWanted = (kind: NotificationKind, choices: SmsChoices): boolean =>
  kindInfo[kind].smsAllowed && (choices[kind] ?? kindInfo[kind].smsDefault);
