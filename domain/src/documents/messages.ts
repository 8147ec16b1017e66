/** Every Chinese message of the documents slice: the decider's refusals, the routes' and the forms'. */
export const documentMessages = {
  orderNotFound: '订单不存在',
  policyNotIssuedShort: '电子保单正在生成',
  policyOnlyWhenUnderwritten: '仅已承保的保单可以下载电子保单',
  certificateOnlyWhenIssued: '仅已承保或生效中的保单可以添加投保证明',
  certificateNotFound: '投保证明不存在',
  certificateNotIssued: '投保证明正在生成，请稍后再试',
  certificateWithdrawn: '该投保证明已撤销',
  systemOnly: '仅系统可以出具文件',
  holderNameRequired: '请输入证明持有人名称',
  holderIdRequired: '请输入统一社会信用代码或身份证号',
  holderIdFormat: '统一社会信用代码或身份证号格式不正确',
  orderIdRequired: '订单编号不能为空',
  certificateIdRequired: '投保证明编号不能为空',
  tooLong: (label: string, max: number) => `${label}不能超过${max}个字符`,
} as const;
