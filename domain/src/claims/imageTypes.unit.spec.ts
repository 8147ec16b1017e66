import { describe, expect, it } from 'vitest';
import {
  type CountedImageTypeNode,
  claimImageTypes,
  codesUnder,
  countImageTypes,
  type ImageTypeNode,
  imageTypeByCode,
  isImageTypeCode,
  missingEvidence,
  requiredEvidence,
  UNCLASSIFIED,
} from './imageTypes.ts';

const flatten = (
  nodes: readonly ImageTypeNode[],
  depth = 1,
): { node: ImageTypeNode; depth: number; parent?: string }[] =>
  nodes.flatMap((node) => [
    { node, depth },
    ...flatten(node.childList, depth + 1).map((e) =>
      e.depth === depth + 1 ? { ...e, parent: node.imageTypeCode } : e,
    ),
  ]);
const all = flatten(claimImageTypes);
const find = (nodes: readonly CountedImageTypeNode[], code: string): CountedImageTypeNode | undefined => {
  for (const n of nodes) {
    if (n.imageTypeCode === code) return n;
    const hit = find(n.childList, code);
    if (hit) return hit;
  }
  return undefined;
};
const codesOf = (items: { code: string }[]) => items.map((i) => i.code);

describe('the category tree', () => {
  it('has the assessor roots, with 未分类 last and childless', () => {
    expect(claimImageTypes.map((n) => n.imageTypeName)).toEqual([
      '事故现场',
      '无人机损失',
      '证明材料',
      '人员伤亡',
      '财产损失',
      '未分类',
    ]);
    expect(UNCLASSIFIED).toBe('99');
    expect(claimImageTypes.at(-1)).toEqual({ imageTypeCode: '99', imageTypeName: '未分类', childList: [] });
  });

  it('is three levels deep with two digits per level and unique codes', () => {
    expect(Math.max(...all.map((e) => e.depth))).toBe(3);
    for (const { node, depth } of all) expect(node.imageTypeCode).toMatch(new RegExp(`^\\d{${depth * 2}}$`));
    expect(new Set(all.map((e) => e.node.imageTypeCode)).size).toBe(all.length);
  });

  it("prefixes every code with its parent's code", () => {
    for (const { node, parent } of all) if (parent) expect(node.imageTypeCode.startsWith(parent)).toBe(true);
  });

  it('gives every non-default second-level category concrete third-level leaves', () => {
    for (const { node, depth } of all) if (depth === 2) expect(node.childList.length).toBeGreaterThan(0);
  });

  it('cannot be changed by a caller', () => {
    expect(() => {
      (claimImageTypes[0] as ImageTypeNode).imageTypeName = 'x';
    }).toThrow();
  });
});

describe('lookups', () => {
  it('finds a category with its level', () => {
    expect(imageTypeByCode('20')).toEqual({ imageTypeCode: '20', imageTypeName: '无人机损失', level: 1 });
    expect(imageTypeByCode('2020')).toEqual({ imageTypeCode: '2020', imageTypeName: '动力系统', level: 2 });
    expect(imageTypeByCode('202030')).toEqual({ imageTypeCode: '202030', imageTypeName: '电池', level: 3 });
    expect(imageTypeByCode('2099')).toBeUndefined();
  });

  it('knows its codes', () => {
    expect(isImageTypeCode('99')).toBe(true);
    expect(isImageTypeCode('303010')).toBe(true);
    expect(isImageTypeCode('7')).toBe(false);
    expect(isImageTypeCode('')).toBe(false);
  });

  it('lists a category and everything beneath it', () => {
    expect(codesUnder('2020')).toEqual(['2020', '202010', '202020', '202030']);
    expect(codesUnder('202030')).toEqual(['202030']);
    expect(codesUnder('10')).toEqual([
      '10',
      '1010',
      '101010',
      '101020',
      '1020',
      '102010',
      '102020',
      '1030',
      '103010',
      '103020',
    ]);
    expect(codesUnder('nope')).toEqual([]);
  });
});

describe('countImageTypes', () => {
  it('rolls picture counts up to every ancestor, counting pictures filed on inner nodes too', () => {
    const tree = countImageTypes({ '202010': 2, '202030': 1, '2010': 4, '99': 5, '404040': 9 });
    expect(find(tree, '202010')?.imageTypeCount).toBe(2);
    expect(find(tree, '2020')?.imageTypeCount).toBe(3);
    expect(find(tree, '2010')?.imageTypeCount).toBe(4);
    expect(find(tree, '20')?.imageTypeCount).toBe(7);
    expect(find(tree, '99')?.imageTypeCount).toBe(5);
    expect(find(tree, '10')?.imageTypeCount).toBe(0);
    expect(tree.reduce((sum, n) => sum + n.imageTypeCount, 0)).toBe(12);
  });

  it('keeps the shape of the tree', () => {
    const tree = countImageTypes({});
    const strip = (n: CountedImageTypeNode): ImageTypeNode => ({
      imageTypeCode: n.imageTypeCode,
      imageTypeName: n.imageTypeName,
      childList: n.childList.map(strip),
    });
    expect(tree.map(strip)).toEqual(claimImageTypes);
  });
});

describe('requiredEvidence', () => {
  const claim = (uavAccidentType: string | null, injuryLoss = false, propertyLoss = false) => ({
    uavAccidentType,
    injuryLoss,
    propertyLoss,
  });

  it('always asks for identity and the pilot licence', () => {
    expect(requiredEvidence(claim(null))).toEqual([
      { code: '3010', name: '身份证明（身份证或营业执照）' },
      { code: '3020', name: '飞手执照' },
    ]);
    expect(codesOf(requiredEvidence(claim('unknown')))).toEqual(['3010', '3020']);
  });

  it.each([
    ['1', ['3030', '2050', '304010']],
    ['2', ['10', '20', '3030', '3050']],
    ['3', ['10', '20', '3030', '3050']],
    ['4', ['20', '3050']],
  ])('adds what accident type %s needs', (type, extra) => {
    expect(codesOf(requiredEvidence(claim(type)))).toEqual(['3010', '3020', ...extra]);
  });

  it('adds injury and property evidence when those losses are claimed', () => {
    expect(codesOf(requiredEvidence(claim('4', true, false)))).toEqual(['3010', '3020', '20', '3050', '4010', '4020']);
    expect(codesOf(requiredEvidence(claim(null, false, true)))).toEqual(['3010', '3020', '5010', '5020']);
    expect(codesOf(requiredEvidence(claim('2', true, true)))).toEqual([
      '3010',
      '3020',
      '10',
      '20',
      '3030',
      '3050',
      '4010',
      '4020',
      '5010',
      '5020',
    ]);
  });

  it('only names categories that exist', () => {
    for (const item of requiredEvidence(claim('1', true, true))) expect(isImageTypeCode(item.code)).toBe(true);
    for (const item of requiredEvidence(claim('2'))) expect(isImageTypeCode(item.code)).toBe(true);
  });
});

describe('missingEvidence', () => {
  const required = requiredEvidence({ uavAccidentType: '2', injuryLoss: false, propertyLoss: false });

  it('lists everything while no picture is classified', () => {
    expect(missingEvidence(required, {})).toEqual(required);
    expect(missingEvidence(required, { [UNCLASSIFIED]: 12 })).toEqual(required);
  });

  it('drops an item once a picture sits anywhere in its subtree', () => {
    expect(codesOf(missingEvidence(required, { '202020': 1 }))).toEqual(['3010', '3020', '10', '3030', '3050']);
    expect(codesOf(missingEvidence(required, { '202020': 1, '301020': 1, '3030': 2 }))).toEqual(['3020', '10', '3050']);
  });

  it('ignores zero counts', () => {
    expect(codesOf(missingEvidence(required, { '101010': 0 }))).toContain('10');
  });

  it('is empty when every item has a picture', () => {
    expect(
      missingEvidence(required, { '301010': 1, '302010': 1, '101010': 1, '201010': 1, '303010': 1, '305010': 1 }),
    ).toEqual([]);
  });
});
