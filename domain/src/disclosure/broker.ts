import { CoverId, insuranceTypes, visibleInsurers } from '../ordering/catalogue.ts';

/**
 * 信息披露 (docs/api/disclosure.md): who sells on this platform, on whose behalf, which products with which
 * clauses, where to complain, how the 电子保单 and invoices arrive and how personal data is kept. Public,
 * as the rules for online insurance sales ask; the versioned texts are texts.ts.
 */
export const broker = {
  name: '飞保保险经纪有限公司',
  shortName: '飞保',
  licence: '经营保险经纪业务许可证（机构编码 269110000000826）',
  licenceIssuer: '国家金融监督管理总局',
  registeredCapital: '人民币5000万元',
  address: '北京市海淀区中关村大街18号8层',
  businessScope: [
    '为投保人拟订投保方案、选择保险人、办理投保手续',
    '协助被保险人或者受益人进行索赔',
    '再保险经纪业务',
    '为委托人提供防灾、防损或者风险评估、风险管理咨询服务',
    '国家金融监督管理总局批准的其他业务',
  ],
  platform: '飞保无人机保险服务平台',
  website: 'https://www.feibao.example.cn',
  servicePhone: '400-800-1234',
} as const;

export const complaintChannels = {
  phone: '400-800-1234（工作日 9:00–18:00）',
  email: 'complaint@feibao.example.cn',
  address: '北京市海淀区中关村大街18号8层 飞保保险经纪有限公司 客户服务部',
  promise: '我们在收到投诉后 1 个工作日内联系您，15 个工作日内答复处理结果。',
  regulator: '对处理结果有异议的，可拨打国家金融监督管理总局消费者投诉热线 12378。',
} as const;

export const deliveryNotes = {
  policy:
    '保险公司承保后，电子保单（PDF）在订单详情中提供下载，并以短信通知投保时登记的手机号。电子保单与纸质保单具有同等法律效力，可在本平台“保单验真”页面以验真码或文件核验真伪。',
  invoice:
    '保费发票由承保的保险公司开具，为增值税电子普通发票（可申请专用发票），开具后在订单的“发票”中下载，并发送至登记的电子邮箱。',
  privacy:
    '我们仅为投保、核保、理赔和法定留存之目的收集必要的个人信息（姓名/名称、证件号码、联系方式、设备信息），传输与存储均加密；除向承保保险公司提供投保所需信息外，不向第三方提供。投保过程记录（阅读确认的条款版本、时间、IP 地址与设备）依法保存不少于 5 年，您可通过客服电话查询、更正或申请删除个人信息。',
} as const;

/** Each insurer's registered clause code (保险公司 code in the 条款注册号). */
const insurerCodes: Readonly<Record<number, string>> = {
  1: '00000232',
  2: '00000258',
  3: '00000271',
  4: '00000384',
  5: '00000295',
  6: '00000316',
  7: '00000289',
};
const clauseNames: Readonly<Record<number, string>> = {
  [CoverId.hull]: '无人驾驶航空器机身损失保险条款',
  [CoverId.liability]: '无人驾驶航空器第三者责任保险条款',
  [CoverId.comprehensive]: '无人驾驶航空器综合保险条款',
  [CoverId.operatorAccident]: '附加无人驾驶航空器操作人员意外伤害保险条款',
  [CoverId.theft]: '附加无人驾驶航空器盗抢保险条款',
  [CoverId.staffAccident]: '团体意外伤害保险条款',
  [CoverId.studentAccident]: '学生团体意外伤害保险条款',
  [CoverId.siteLiability]: '公众责任保险条款',
  [CoverId.trainingLiability]: '培训机构责任保险条款',
};

export type DisclosedProduct = { coverId: number; name: string; clauseName: string; registrationNo: string };
export type DisclosedInsurer = { id: number; name: string; products: DisclosedProduct[] };

/** The insurers this platform sells for, and per cover the clause and its 条款注册号 (C + insurer + cover + year + sequence). */
export const disclosedInsurers = (): DisclosedInsurer[] =>
  visibleInsurers.map((insurer) => ({
    id: insurer.id,
    name: insurer.name,
    products: insuranceTypes.map((cover, i) => ({
      coverId: cover.id,
      name: cover.name,
      clauseName: `${insurer.name}${clauseNames[cover.id] ?? `${cover.name}条款`}`,
      registrationNo: `C${insurerCodes[insurer.id] ?? '00000000'}${cover.id < 100 ? '1' : '2'}2${2023 + (i % 2)}0${String(310 + cover.id).padStart(6, '0')}`,
    })),
  }));
