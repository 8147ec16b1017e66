import type { NotificationKind } from './kinds.ts';

/**
 * Every text a notification shows, in one place: the inbox title and body and the SMS (short, signed
 * 【飞保】). `{name}` marks a variable; `variables` lists what each kind needs, and rendering refuses a
 * missing one, so a mapping that forgets a value fails its tests instead of sending "{orderNo}".
 */
export type Template = { variables: readonly string[]; title: string; body: string; sms: string };

export const SMS_SIGNATURE = '【飞保】';

export const templates: Record<NotificationKind, Template> = {
  quotesIn: {
    variables: ['orderNo'],
    title: '报价完成',
    body: '订单{orderNo}的保险公司报价已全部返回，请查看并选择投保。',
    sms: '【飞保】您的订单{orderNo}报价已完成，请登录飞保查看并投保。',
  },
  quoteExpiring: {
    variables: ['orderNo', 'insurerName', 'validUntil'],
    title: '报价即将过期',
    body: '订单{orderNo}中{insurerName}的报价将于{validUntil}过期，如需投保请尽快操作。',
    sms: '【飞保】订单{orderNo}的{insurerName}报价将于{validUntil}过期，请尽快投保。',
  },
  paymentDue: {
    variables: ['orderNo', 'amount', 'dueAt'],
    title: '待支付',
    body: '订单{orderNo}应付保费{amount}元，请于{dueAt}前完成支付。',
    sms: '【飞保】订单{orderNo}待支付保费{amount}元，请于{dueAt}前完成支付。',
  },
  paymentReceived: {
    variables: ['orderNo', 'amount', 'next'],
    title: '支付成功',
    body: '订单{orderNo}已收到保费{amount}元，{next}。',
    sms: '【飞保】订单{orderNo}保费{amount}元已支付成功。',
  },
  paymentLapsed: {
    variables: ['orderNo'],
    title: '支付已失效',
    body: '订单{orderNo}未在规定时间内支付，本次投保已失效，可重新投保。',
    sms: '【飞保】订单{orderNo}未按时支付，投保已失效，可登录飞保重新投保。',
  },
  policyCancelled: {
    variables: ['orderNo', 'policyNo', 'refund'],
    title: '退保成功',
    body: '保单{policyNo}（订单{orderNo}）已退保，应退保费{refund}元将原路退回。',
    sms: '【飞保】保单{policyNo}已退保，退费{refund}元将原路退回。',
  },
  cancellationDeclined: {
    variables: ['orderNo', 'policyNo', 'reason'],
    title: '退保申请未通过',
    body: '保单{policyNo}（订单{orderNo}）的退保申请未通过：{reason}。保障继续有效。',
    sms: '【飞保】保单{policyNo}的退保申请未通过，详情请登录飞保查看。',
  },
  policyIssued: {
    variables: ['orderNo', 'policyNo'],
    title: '电子保单已出具',
    body: '订单{orderNo}的电子保单{policyNo}已出具，可在订单详情中下载电子保单。',
    sms: '【飞保】保单{policyNo}的电子保单已出具，请登录飞保在订单详情中下载。',
  },
  policyEndorsed: {
    variables: ['orderNo', 'policyNo', 'version'],
    title: '保单已批改',
    body: '保单已批改（第{version}版）：保单{policyNo}（订单{orderNo}），批单与新版电子保单已出具，可在订单详情中下载。',
    sms: '【飞保】保单{policyNo}已批改为第{version}版，批单与新版电子保单已出具，请登录飞保下载。',
  },
  policyInForce: {
    variables: ['orderNo', 'policyNo'],
    title: '保单已生效',
    body: '保单{policyNo}（订单{orderNo}）已生效。',
    sms: '【飞保】保单{policyNo}已生效。',
  },
  policyEnding: {
    variables: ['policyNo', 'days', 'endDate'],
    title: '保单即将到期',
    body: '保单{policyNo}将在{days}天后（{endDate}）到期，如需继续保障请及时续保。',
    sms: '【飞保】保单{policyNo}将于{endDate}到期（{days}天后），请及时续保。',
  },
  policyEnded: {
    variables: ['policyNo', 'endDate'],
    title: '保单今日到期',
    body: '保单{policyNo}今日（{endDate}）到期，宽限期内仍可在订单详情中续保，逾期需重新投保。',
    sms: '【飞保】保单{policyNo}今日到期，宽限期内可登录飞保续保。',
  },
  endorsementPaymentDue: {
    variables: ['orderNo', 'endorsementNo', 'amount', 'dueAt'],
    title: '批改待支付',
    body: '批改{endorsementNo}（订单{orderNo}）已通过审核，请于{dueAt}前支付批改加费{amount}元，支付后生效。',
    sms: '【飞保】批改{endorsementNo}已通过，请于{dueAt}前支付加费{amount}元。',
  },
  endorsementDeclined: {
    variables: ['orderNo', 'reason'],
    title: '批改未通过',
    body: '订单{orderNo}的批改申请未通过：{reason}',
    sms: '【飞保】订单{orderNo}的批改申请未通过，请登录飞保查看原因。',
  },
  claimAccepted: {
    variables: ['claimNo'],
    title: '理赔已受理',
    body: '理赔案件{claimNo}已受理，我们将尽快处理。',
    sms: '【飞保】理赔案件{claimNo}已受理。',
  },
  evidenceRequested: {
    variables: ['claimNo', 'message'],
    title: '理赔需补充材料',
    body: '理赔案件{claimNo}需要补充材料：{message}',
    sms: '【飞保】理赔案件{claimNo}需补充材料，请登录飞保查看。',
  },
  claimAssessed: {
    variables: ['claimNo', 'payable'],
    title: '理赔已核定',
    body: '理赔案件{claimNo}已核定，应赔付金额{payable}元。',
    sms: '【飞保】理赔案件{claimNo}已核定，应赔付{payable}元。',
  },
  claimClosed: {
    variables: ['claimNo'],
    title: '理赔已结案',
    body: '理赔案件{claimNo}已结案。',
    sms: '【飞保】理赔案件{claimNo}已结案。',
  },
  claimAssigned: {
    variables: ['claimNo'],
    title: '理赔案件分派给我',
    body: '理赔案件{claimNo}已分派给您处理。',
    sms: '【飞保】理赔案件{claimNo}已分派给您处理。',
  },
  claimOverdue: {
    variables: ['claimNo', 'stage'],
    title: '理赔案件超时',
    body: '您负责的理赔案件{claimNo}{stage}已超时，请尽快处理。',
    sms: '【飞保】您负责的理赔案件{claimNo}{stage}已超时。',
  },
};

export type Rendered = { title: string; body: string; sms: string };

const fill = (text: string, vars: Readonly<Record<string, string>>) =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = vars[name];
    if (value === undefined) throw new Error(`notification template variable ${name} missing`);
    return value;
  });

export const renderNotification = (kind: NotificationKind, vars: Readonly<Record<string, string>>): Rendered => {
  const template = templates[kind];
  return { title: fill(template.title, vars), body: fill(template.body, vars), sms: fill(template.sms, vars) };
};
