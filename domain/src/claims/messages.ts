import { MAX_PICTURES_PER_CLAIM } from './catalogue.ts';

/**
 * Every Chinese message of the claims slice, the decider's refusals and the routes' alike: one
 * catalogue, so the wording a customer meets does not depend on which layer refused.
 */
export const claimMessages = {
  notFound: '理赔单不存在',
  exists: '理赔单已存在',
  idRequired: '理赔单编号不能为空',
  backOnlyNew: '仅新建未暂存的理赔单可以返回',
  notEditable: '理赔单已提交，不能修改',
  withdrawn: '理赔单已撤回',
  closed: '理赔单已结案',
  staffOnly: '仅理赔人员可以操作',
  adminOnly: '仅管理员可以操作',
  acceptOnlySubmitted: '仅已提交的理赔单可以受理',
  evidenceNotAllowed: '仅已提交或处理中的理赔单可以要求补充材料',
  messageRequired: '请填写需要补充的材料说明',
  assessOnlyProcessing: '仅处理中的理赔单可以定损',
  closeOnlyProcessing: '仅处理中的理赔单可以结案',
  reopenOnlyClosed: '仅已结案的理赔单可以重新打开',
  reasonRequired: '请填写原因',
  reasonTooLong: '原因不能超过500个字符',
  lossLineRequired: '请选择定损险种',
  lossKindInvalid: '损失类型不正确',
  lossAmountInvalid: '损失金额不正确',
  lossesRequired: '请填写定损明细',
  assignFinished: '已结案或已撤回的理赔单不能分派',
  changesNeedExplanation: '修改理赔信息需先保存修改说明',
  amendNotAllowed: '当前状态的理赔单不能修改',
  noChanges: '没有修改内容',
  staleVersion: '理赔单已被他人修改，请重新比对',
  explanationRequired: (field: string) => `请填写修改说明：${field}`,
  /** The form an admin loaded was changed by someone else before they compared: comparing would undo it. */
  changedSinceLoaded: '理赔单已被他人修改，请刷新后重试',
  seenVersionInvalid: '理赔单版本不正确',
  picturesClosed: '已结案或已撤回的理赔单不能修改图片',
  tooManyPictures: `每个理赔单最多上传${MAX_PICTURES_PER_CLAIM}张图片`,
  pictureNotFound: '图片不存在',
  pictureRequired: '请勾选图片',
  categoryUnknown: '请选择分类',
  orderIdRequired: '订单编号不能为空',
  orderNotFound: '订单不存在',
  policyNotInForce: '保单未生效，暂不能申请理赔',
  outsidePolicyPeriod: '当前不在保单保障期内，暂不能申请理赔',
  /** Answered with the special code and the open claim's id: the client offers to jump there. */
  openClaimExists: '已存在未结案的理赔单，暂不能再次申请理赔, 是否跳转?',
  notClaimsStaff: '该用户不是理赔人员',
  /** saveLog: the amendment names the version the admin compared against. */
  compareFirst: '请先比对修改内容',
  explanationTooLong: '修改说明不能超过500个字符',
  explanationsInvalid: '修改说明格式不正确',
  /** The claim list's filters. */
  claimStateInvalid: '理赔状态不正确',
  overdueInvalid: '是否超时参数不正确',
  applyDateInvalid: '申请日期格式应为yyyy-MM-dd',
  applyDatesReversed: '开始日期不能晚于结束日期',
  queueInvalid: '队列参数不正确',
  imageTypeInvalid: '图片分类不正确',
  deviceNumberRequired: '请输入设备编号',
  sameClaimPictures: '请选择同一理赔单的图片',
  // A picture's file: its smaller copies are still being made, or could not be made; originals are staff's.
  pictureProcessing: '图片处理中',
  pictureUnreadable: '图片无法显示',
  pictureOriginalStaffOnly: '无权限访问',
} as const;

/** What a claim command answers when it succeeds (the envelope's message). */
export const claimDoneMessages = {
  opened: '申请理赔成功',
  saved: '暂存成功',
  submitted: '提交成功',
  back: '返回成功',
  withdrawn: '撤销成功',
  amended: '保存修改成功',
  accepted: '受理成功',
  evidenceRequested: '已通知客户补充材料',
  assessed: '定损成功',
  closed: '结案成功',
  assigned: '分派成功',
  reopened: '重新打开成功',
  classified: '分类成功',
  deleted: '删除成功',
} as const;
