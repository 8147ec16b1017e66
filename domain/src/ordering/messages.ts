/**
 * Every message of the ordering feature in one catalogue: the decider's refusals, the guards'
 * reasons, the order calls' input checks and their replies. Public contract: the text never changes.
 */
export const orderMessages = {
  notFound: '订单不存在',
  notEditable: '当前状态不可编辑',
  inquiryNotAllowed: '当前状态不可询价',
  revokeOnlyWhileQuoting: '仅询价中的订单可以撤销',
  resetNotAllowed: '已投保的订单不可重置',
  planReadOnly: '已投保的订单方案不可修改',
  lineNotFound: '该方案不存在',
  keepOneLine: '至少保留一条方案',
  insureNotQuoted: '报价尚未完成，暂不能投保',
  alreadyInsured: '订单已投保，请勿重复投保',
  insurerNotQuotedAll: '该保险公司未完成全部报价，暂不能投保',
  insurerNotInInquiry: '该保险公司未参与本次询价',
  noLines: '没有可询价的方案',
  quoteExpired: '该保险公司的报价已过期，请重新询价',
  requestNotFound: '询价请求不存在或已失效',
  requestClosed: '订单已不在报价阶段，不能处理该询价',
  requestAnswered: '该保险公司已答复全部险种，无需处理',
  requestTimedOut: '该询价已超时，请先重新发送询价',
  nothingToRecord: '没有可录入的报价：已报价或已拒保的险种不能修改',
  resendDeadline: '新的截止时间必须晚于当前时间',
  // The same words as the role check of the back office's areas (the route guard, platform http/policyGuard.ts).
  staffOnly: '无权限访问',
  noPlanYet: '尚未询价，暂无保障方案',
  policyNotInForce: '保单未生效，暂不能申请理赔',
  outsidePolicyPeriod: '当前不在保单保障期内，暂不能申请理赔',
  profileIncomplete: '请完善用户信息',
  // Input checks of the order calls.
  idRequired: '订单编号不能为空',
  insurerRequired: '请选择保险公司',
  revokeReasonRequired: '撤销原因不能为空',
  revokeReasonUnknown: '撤销原因不正确',
  revokeTextTooLong: '撤销说明不能超过500个字符',
  insuranceTypeRequired: '险种不能为空',
  droneInvalid: '无人机编号不正确',
  // Replies.
  saved: '暂存成功',
  inquired: '询价成功',
  insured: '投保成功，等待保险公司核保出单',
  revoked: '撤销成功',
  lineDeleted: '删除成功',
  reset: '重置成功',
} as const;
