import type { ClaimRecord } from './claim.events.ts';

/**
 * The categories a loss assessor sorts claim photos into, and which of them a claim needs before it
 * can be assessed. Codes nest by prefix: two digits per level, so '202030' (电池) lies under '2020'
 * (动力系统) under '20' (无人机损失), and a category's count includes everything beneath it.
 */

export type ImageTypeNode = { imageTypeCode: string; imageTypeName: string; childList: ImageTypeNode[] };
export type CountedImageTypeNode = Omit<ImageTypeNode, 'childList'> & {
  imageTypeCount: number;
  childList: CountedImageTypeNode[];
};
export type ImageTypeLevel = 1 | 2 | 3;
export type ImageTypeInfo = { imageTypeCode: string; imageTypeName: string; level: ImageTypeLevel };

/** Where a newly uploaded picture sits until someone classifies it. */
export const UNCLASSIFIED = '99';

const node = (imageTypeCode: string, imageTypeName: string, childList: ImageTypeNode[] = []): ImageTypeNode =>
  Object.freeze({ imageTypeCode, imageTypeName, childList: Object.freeze(childList) as ImageTypeNode[] });

export const claimImageTypes: readonly ImageTypeNode[] = Object.freeze([
  node('10', '事故现场', [
    node('1010', '现场全景', [node('101010', '远景'), node('101020', '近景')]),
    node('1020', '坠落/残骸位置', [node('102010', '坠落点'), node('102020', '残骸分布')]),
    node('1030', '周边环境', [node('103010', '周边建筑与设施'), node('103020', '障碍物与碰撞物')]),
  ]),
  node('20', '无人机损失', [
    node('2010', '机身/机臂', [node('201010', '机身'), node('201020', '机臂'), node('201030', '起落架')]),
    node('2020', '动力系统', [node('202010', '电机'), node('202020', '桨叶'), node('202030', '电池')]),
    node('2030', '飞控与导航', [node('203010', '飞控'), node('203020', 'GPS/RTK模块'), node('203030', '遥控器与图传')]),
    node('2040', '云台与载荷', [
      node('204010', '云台'),
      node('204020', '相机/任务载荷'),
      node('204030', '喷洒/播撒装置'),
    ]),
    node('2050', '铭牌与序列号', [
      node('205010', '机身铭牌'),
      node('205020', '序列号截图'),
      node('205030', '购机发票/合同'),
    ]),
  ]),
  node('30', '证明材料', [
    node('3010', '身份证明', [node('301010', '身份证'), node('301020', '营业执照')]),
    node('3020', '飞手执照', [node('302010', '无人机驾驶员执照'), node('302020', '其他资质证书')]),
    node('3030', '飞行记录', [node('303010', '飞行日志'), node('303020', '实时飞行数据截图')]),
    node('3040', '报案证明', [node('304010', '公安报告'), node('304020', '消防报告'), node('304030', '安监报告')]),
    node('3050', '维修报价', [node('305010', '维修报价单'), node('305020', '维修发票')]),
    node('3060', '索赔文书', [node('306010', '索赔申请书'), node('306020', '事故经过说明')]),
  ]),
  node('40', '人员伤亡', [
    node('4010', '伤情照片', [node('401010', '受伤部位'), node('401020', '救治现场')]),
    node('4020', '医疗单据', [
      node('402010', '病历/诊断证明'),
      node('402020', '医疗费发票'),
      node('402030', '费用清单'),
    ]),
    node('4030', '伤者身份证明', [node('403010', '伤者身份证')]),
  ]),
  node('50', '财产损失', [
    node('5010', '损失照片', [node('501010', '损失全景'), node('501020', '损坏细节')]),
    node('5020', '财产证明/报价', [
      node('502010', '权属证明'),
      node('502020', '购置发票'),
      node('502030', '维修/重置报价'),
    ]),
  ]),
  node(UNCLASSIFIED, '未分类'),
]);

const byCode = new Map<string, { info: ImageTypeInfo; node: ImageTypeNode }>();
const index = (nodes: readonly ImageTypeNode[], level: ImageTypeLevel) => {
  for (const n of nodes) {
    byCode.set(n.imageTypeCode, {
      info: Object.freeze({ imageTypeCode: n.imageTypeCode, imageTypeName: n.imageTypeName, level }),
      node: n,
    });
    if (level < 3) index(n.childList, (level + 1) as ImageTypeLevel);
  }
};
index(claimImageTypes, 1);

export const imageTypeByCode = (code: string): ImageTypeInfo | undefined => byCode.get(code)?.info;
export const isImageTypeCode = (code: string): boolean => byCode.has(code);

const descendants = (n: ImageTypeNode): string[] => [n.imageTypeCode, ...n.childList.flatMap(descendants)];
/** The category and every category beneath it; empty for an unknown code. */
export const codesUnder = (code: string): string[] => {
  const found = byCode.get(code);
  return found ? descendants(found.node) : [];
};

const withCounts = (n: ImageTypeNode, counts: Readonly<Record<string, number>>): CountedImageTypeNode => {
  const childList = n.childList.map((c) => withCounts(c, counts));
  const own = counts[n.imageTypeCode] ?? 0;
  return {
    imageTypeCode: n.imageTypeCode,
    imageTypeName: n.imageTypeName,
    imageTypeCount: childList.reduce((sum, c) => sum + c.imageTypeCount, own),
    childList,
  };
};
/** The tree with picture counts rolled up; `counts` holds pictures per exact category code. */
export const countImageTypes = (counts: Readonly<Record<string, number>>): CountedImageTypeNode[] =>
  claimImageTypes.map((n) => withCounts(n, counts));

export type EvidenceItem = { code: string; name: string };
export type EvidenceClaim = { uavAccidentType: string | null; injuryLoss: boolean; propertyLoss: boolean };

const evidence = {
  identity: { code: '3010', name: '身份证明（身份证或营业执照）' },
  pilotLicence: { code: '3020', name: '飞手执照' },
  scene: { code: '10', name: '事故现场照片' },
  droneDamage: { code: '20', name: '无人机损失照片' },
  // A lost drone cannot be photographed, so its identity rests on the nameplate, serial or purchase proof.
  droneIdentity: { code: '2050', name: '无人机铭牌、序列号或购买凭证' },
  flightLog: { code: '3030', name: '飞行记录' },
  policeReport: { code: '304010', name: '公安报告' },
  repairQuote: { code: '3050', name: '维修报价' },
  injuryPhotos: { code: '4010', name: '伤情照片' },
  medicalDocuments: { code: '4020', name: '医疗单据' },
  propertyPhotos: { code: '5010', name: '财产损失照片' },
  propertyProof: { code: '5020', name: '财产证明/报价' },
} as const satisfies Record<string, EvidenceItem>;

/** Keyed by the uavAccidentType codes of the claim catalogue. */
const byAccidentType: ReadonlyMap<string, readonly EvidenceItem[]> = new Map([
  ['1', [evidence.flightLog, evidence.droneIdentity, evidence.policeReport]],
  ['2', [evidence.scene, evidence.droneDamage, evidence.flightLog, evidence.repairQuote]],
  ['3', [evidence.scene, evidence.droneDamage, evidence.flightLog, evidence.repairQuote]],
  ['4', [evidence.droneDamage, evidence.repairQuote]],
]);

/** The photo categories a claim must have at least one picture in before it can be assessed. */
export const requiredEvidence = (claim: EvidenceClaim): EvidenceItem[] => [
  evidence.identity,
  evidence.pilotLicence,
  ...(claim.uavAccidentType === null ? [] : (byAccidentType.get(claim.uavAccidentType) ?? [])),
  ...(claim.injuryLoss ? [evidence.injuryPhotos, evidence.medicalDocuments] : []),
  ...(claim.propertyLoss ? [evidence.propertyPhotos, evidence.propertyProof] : []),
];

/** The required items with no picture anywhere in their category's subtree. */
export const missingEvidence = (
  required: readonly EvidenceItem[],
  counts: Readonly<Record<string, number>>,
): EvidenceItem[] => required.filter((item) => !codesUnder(item.code).some((code) => (counts[code] ?? 0) > 0));

/**
 * A claim's evidence: what its form calls for, and what of that no usable picture shows yet (a
 * picture whose processing failed proves nothing).
 */
export const claimEvidence = (claim: Pick<ClaimRecord, 'form' | 'pictures'>) => {
  const required = requiredEvidence({
    uavAccidentType: claim.form.uavAccidentType ?? null,
    injuryLoss: (claim.form.injuryLossType ?? '') !== '',
    propertyLoss: (claim.form.propertyLossType ?? '') !== '',
  });
  const usable: Record<string, number> = {};
  for (const picture of Object.values(claim.pictures))
    if (picture.processing !== 'rejected') usable[picture.imageTypeCode] = (usable[picture.imageTypeCode] ?? 0) + 1;
  return { required, missing: missingEvidence(required, usable) };
};
