import { insuranceTypes } from '../ordering/catalogue.ts';
import { broker, complaintChannels } from './broker.ts';
import type { TextRef } from './texts.ts';

/** Version 1 of every text, published by the system on the first start (services/command seedDisclosureTexts). */
export const SEED_TEXT_REASON = '平台上线初始版本';

export type SeededText = TextRef & { title: string; body: string };

const customerNotice = `尊敬的客户：

根据《保险法》《互联网保险业务监管办法》的规定，${broker.name}（以下简称"本公司"）在您投保前向您告知以下事项：

一、本公司基本情况
本公司名称：${broker.name}；${broker.licence}，由${broker.licenceIssuer}批准设立；注册地址：${broker.address}。本公司通过"${broker.platform}"开展互联网保险经纪业务。

二、本公司与保险公司的关系
本公司接受您的委托，基于您的利益为您与保险公司订立保险合同提供中介服务，并依法向保险公司收取佣金。本公司不承担保险责任，保险责任由您选择的保险公司依保险合同承担。

三、服务内容
为您拟订投保方案、询价比价、办理投保手续、协助索赔、提供风险管理咨询。平台展示的报价由各保险公司作出，最终以保险公司出具的保险单为准。

四、您的权利
您有权了解保险产品的条款、费率、免除保险人责任的条款等重要内容，有权选择保险公司与保险产品，有权拒绝本公司推荐的产品。

五、投诉渠道
客服与投诉电话：${complaintChannels.phone}；电子邮箱：${complaintChannels.email}。${complaintChannels.promise}${complaintChannels.regulator}

六、投保过程记录
为保障您的权益，本公司依法记录并保存您在本平台的投保过程，包括您阅读并确认的条款版本、确认时间、IP 地址与设备信息。`;

const purchaseInstructions = `一、如实告知义务
投保时您应如实填写投保信息（无人机型号、序列号、用途、飞行区域、操作人员资质等）。故意或者因重大过失未履行如实告知义务，足以影响保险公司决定是否同意承保或者提高保险费率的，保险公司有权解除合同，并可能不承担赔偿责任。

二、保险期间与生效
保险期间以保险单载明的起讫时间为准。保险合同自保险公司承保、您支付保险费后按保险单载明的日期生效；未按约定支付保险费的，保险合同不生效。

三、保险费支付
请在订单显示的付款时限内通过收银台支付保险费，逾期未付的投保自动失效，需重新投保。

四、犹豫期与退保
本平台销售的财产保险与短期意外伤害保险不设犹豫期。保险责任开始后申请退保的，按保险条款约定的方式计算退还保险费。

五、电子保单与发票
承保后电子保单在订单详情中下载并以短信通知；发票由保险公司开具，可在订单"发票"中下载。

六、理赔
发生保险事故后请于 48 小时内通过平台"理赔"报案，并保护现场、留存飞行日志与影像资料。

七、其他
投保前请仔细阅读所选产品的保险条款，特别是免除保险人责任的条款、投保人与被保险人义务、赔偿处理等内容。`;

/** What every 免责条款 shares (the general exclusions of property and liability cover). */
const commonExclusions = [
  '投保人、被保险人及其代表的故意行为或重大过失；',
  '战争、敌对行为、军事行动、武装冲突、恐怖活动、暴乱、罢工；',
  '核辐射、核爆炸、核污染及其他放射性污染；',
  '行政行为或司法行为；',
  '在国家或地方禁飞区、管制空域内未经批准的飞行，或违反民用无人驾驶航空器相关法规的飞行；',
  '操作人员未取得相应资质，或饮酒、服用违禁药物后操作；',
];
const specificExclusions: Readonly<Record<number, string[]>> = {
  1: [
    '机身的自然磨损、老化、锈蚀、电池自然衰减；',
    '未经确认的零部件单独损坏，以及软件、数据的损失；',
    '保险标的在运输途中的损失（另有约定的除外）；',
  ],
  2: [
    '被保险人及其雇员、操作人员本人的人身伤亡及其所有或管理的财产损失；',
    '精神损害赔偿；',
    '罚款、罚金及惩罚性赔偿；',
  ],
  3: ['被保险人的故意自伤、自杀、斗殴；', '猝死、疾病、妊娠、流产、分娩；', '从事潜水、跳伞等高风险运动期间的伤害；'],
  4: ['机身的自然磨损、老化、电池自然衰减；', '被保险人及其雇员本人的人身伤亡；', '精神损害赔偿、罚款及惩罚性赔偿；'],
  5: [
    '被保险人及其家庭成员、雇员的盗窃或参与的抢劫；',
    '无明显盗窃痕迹的遗失、丢失；',
    '未在 24 小时内向公安机关报案的盗抢损失；',
  ],
  100: [
    '被保险人的故意自伤、自杀、斗殴、醉酒；',
    '疾病、猝死、妊娠及其并发症；',
    '非职业活动期间从事高风险运动所致伤害；',
  ],
  101: ['学员的故意自伤、自杀、斗殴；', '疾病、猝死、先天性疾病；', '非培训期间（往返途中另有约定的除外）发生的伤害；'],
  102: [
    '被保险人及其雇员的人身伤亡；',
    '场地内无人驾驶航空器飞行造成的损失（应由无人机第三者责任险承保）；',
    '场地建筑物本身的损失；',
  ],
  103: [
    '学员因作弊、缺考被取消考试资格所产生的费用；',
    '学员自愿放弃考试产生的费用；',
    '超出保险单约定次数的补考费用；',
  ],
};

const exclusionsBody = (coverId: number, coverName: string) => {
  const lines = [...commonExclusions, ...(specificExclusions[coverId] ?? [])];
  return `下列原因造成的损失、费用和责任，保险人不负责赔偿（${coverName}）：

${lines.map((line, i) => `${i + 1}. ${line}`).join('\n')}

下列损失、费用和责任，保险人亦不负责赔偿：保险单载明的免赔额（率）以内的损失；间接损失；其他不属于保险责任范围内的损失、费用和责任。

以上为免除保险人责任条款的摘要，完整内容以所选保险公司的保险条款为准。`;
};

export const seededTexts = (): SeededText[] => [
  { kind: 'customerNotice', title: '客户告知书', body: customerNotice },
  { kind: 'purchaseInstructions', title: '投保须知', body: purchaseInstructions },
  ...insuranceTypes.map(
    (cover): SeededText => ({
      kind: 'exclusions',
      coverId: cover.id,
      title: `${cover.name}免责条款`,
      body: exclusionsBody(cover.id, cover.name),
    }),
  ),
];
