/**
 * Claim-form enumerations (docs/glossary.md "Claim form enumerations"). Claim-only lists travel as
 * codes with a label; the drone fields reuse the insure form's label lists so a drone copied from
 * the policy needs no translation.
 */
export type Choice = { value: string; label: string };

export const uavAccidentTypes: readonly Choice[] = [
  { value: '1', label: '无人机丢失' },
  { value: '2', label: '失控坠毁未丢失' },
  { value: '3', label: '碰撞后坠毁' },
  { value: '4', label: '碰撞后返航' },
];
export const UavAccidentType = {
  lost: '1',
  crashNotLost: '2',
  crashAfterCollision: '3',
  returnedAfterCollision: '4',
} as const;

/** The three loss categories; `accidentType` on the wire is the comma list of the ticked ones. */
export const lossCategories: readonly Choice[] = [
  { value: '1', label: '无人机损失' },
  { value: '2', label: '人员伤亡' },
  { value: '3', label: '财产损失' },
];
export const injuryLossSubtypes: readonly Choice[] = [
  { value: '1', label: '飞手' },
  { value: '2', label: '其他员工' },
  { value: '3', label: '第三者' },
];
export const propertyLossSubtypes: readonly Choice[] = [
  { value: '1', label: '被保险人财产' },
  { value: '2', label: '第三者财产' },
];
export const injuredTypes: readonly Choice[] = [
  { value: '1', label: '飞手' },
  { value: '2', label: '学员' },
  { value: '3', label: '被保险人员工' },
  { value: '4', label: '第三者' },
];
export const partLabors: readonly Choice[] = [
  { value: '1', label: '换件' },
  { value: '2', label: '维修' },
  { value: '3', label: '机修' },
  { value: '4', label: '拆装' },
];
export const partQualities: readonly Choice[] = [
  { value: '1', label: '原厂件' },
  { value: '2', label: '原厂配套件' },
  { value: '3', label: '市场件' },
  { value: '4', label: '拆车件' },
  { value: '5', label: '翻新件' },
];

export const choiceLabel = (choices: readonly Choice[], value: string | null | undefined): string | null =>
  choices.find((c) => c.value === value)?.label ?? null;
export const isChoice = (choices: readonly Choice[], value: string) => choices.some((c) => c.value === value);

/** Earliest accident date the picker offers. */
export const EARLIEST_ACCIDENT_DATE = '1990-01-01';
export const CLAIM_PAGE_SIZE = 20;
export const PICTURE_PAGE_SIZE = 10;
export const MAX_PICTURES_PER_CLAIM = 300;
/** Picture ids are `<claimId>.<uuid>` (pictureIdOf); anything longer is not one. */
export const PICTURE_ID_MAX_LENGTH = 200;
/** Pictures one classify or delete call may name. */
export const MAX_PICTURES_PER_BATCH = 500;
