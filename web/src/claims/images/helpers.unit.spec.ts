import { describe, expect, it } from 'vitest';
import type { CountedImageTypeNode } from '@feibao/domain/claims/imageTypes';
import {
  ancestorsOf,
  evidenceRows,
  findImageType,
  flattenImageTypes,
  missingSentence,
  nextPageSize,
  sniffImageKind,
  toggled,
  totalPictures,
} from './helpers.ts';

const bytes = (...b: (number | string)[]) =>
  new Uint8Array(b.flatMap((x) => (typeof x === 'string' ? [...x].map((c) => c.charCodeAt(0)) : [x])));

describe('sniffImageKind', () => {
  it('knows the four accepted formats by their first bytes', () => {
    expect(sniffImageKind(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe('jpeg');
    expect(sniffImageKind(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d))).toBe('png');
    expect(sniffImageKind(bytes('GIF89a', 1, 0))).toBe('gif');
    expect(sniffImageKind(bytes('GIF87a'))).toBe('gif');
    expect(sniffImageKind(bytes('RIFF', 0x24, 0, 0, 0, 'WEBP'))).toBe('webp');
  });

  it('refuses anything else, whatever the file is called', () => {
    expect(sniffImageKind(bytes('MZ', 0x90, 0))).toBeNull(); // a Windows executable renamed .png
    expect(sniffImageKind(bytes(0x7f, 'ELF'))).toBeNull();
    expect(sniffImageKind(bytes('RIFF', 0, 0, 0, 0, 'WAVE'))).toBeNull();
    expect(sniffImageKind(bytes(0xff, 0xd8))).toBeNull();
    expect(sniffImageKind(new Uint8Array())).toBeNull();
  });
});

const n = (
  imageTypeCode: string,
  imageTypeCount: number,
  childList: CountedImageTypeNode[] = [],
): CountedImageTypeNode => ({
  imageTypeCode,
  imageTypeName: `n${imageTypeCode}`,
  imageTypeCount,
  childList,
});
const tree = [n('10', 3, [n('1010', 3, [n('101010', 1), n('101020', 2)])]), n('20', 0, [n('2010', 0)]), n('99', 4)];

describe('category tree helpers', () => {
  it('flattens depth-first with levels and indented labels', () => {
    const flat = flattenImageTypes(tree);
    expect(flat.map((f) => [f.code, f.level])).toEqual([
      ['10', 1],
      ['1010', 2],
      ['101010', 3],
      ['101020', 3],
      ['20', 1],
      ['2010', 2],
      ['99', 1],
    ]);
    expect(flat[2]?.label).toBe('\u3000\u3000n101010');
    expect(flat[0]?.label).toBe('n10');
  });

  it('finds nodes, their ancestors and the claim total', () => {
    expect(findImageType(tree, '101020')?.imageTypeCount).toBe(2);
    expect(findImageType(tree, '77')).toBeUndefined();
    expect(ancestorsOf(tree, '101020')).toEqual(['10', '1010']);
    expect(ancestorsOf(tree, '10')).toEqual([]);
    expect(ancestorsOf(tree, '77')).toEqual([]);
    expect(totalPictures(tree)).toBe(7);
  });
});

describe('paging', () => {
  it('grows from the first ten to the node count, within the server limit of 100', () => {
    expect(nextPageSize(10, 37)).toBe(37);
    expect(nextPageSize(10, 4)).toBe(10);
    expect(nextPageSize(10, 250)).toBe(100);
  });
});

describe('evidence checklist', () => {
  const evidence = {
    required: [
      { code: '3010', name: '身份证明' },
      { code: '3020', name: '飞手执照' },
      { code: '10', name: '事故现场照片' },
    ],
    missing: [
      { code: '3020', name: '飞手执照' },
      { code: '10', name: '事故现场照片' },
    ],
  };
  it('ticks what is there and names what is missing', () => {
    expect(evidenceRows(evidence).map((r) => [r.code, r.satisfied])).toEqual([
      ['3010', true],
      ['3020', false],
      ['10', false],
    ]);
    expect(missingSentence(evidence)).toBe('尚缺：飞手执照、事故现场照片');
    expect(missingSentence({ ...evidence, missing: [] })).toBeNull();
    expect(evidenceRows(null)).toEqual([]);
  });
});

describe('toggled', () => {
  it('adds and removes one id, keeping the order', () => {
    expect(toggled(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggled(['a', 'b'], 'a')).toEqual(['b']);
  });
});
