/** Pure pieces of the images section: image sniffing, the category tree, paging and the evidence list. */
import type { EvidenceStatus } from '@feibao/domain/claims/api';
import type { CountedImageTypeNode } from '@feibao/domain/claims/imageTypes';

export const imageMessages = {
  notImage: '请上传图片格式',
  chooseCategory: '请选择分类',
  tickToClassifyMobile: '请选择被分类的图片',
  tickToClassifyDesktop: '请勾选被分类的图片',
  tickToDelete: '请勾选删除的图片',
  confirmClassify: '确认将选中项提交分类？',
  confirmDelete: '确认删除选中的图片？',
  confirmDeleteOne: '确认删除该图片？',
  uploaded: '上传成功',
  uploadFailed: '上传失败',
  classified: '分类成功',
  deleted: '删除成功',
} as const;

export type ImageKind = 'jpeg' | 'png' | 'gif' | 'webp';

/** Bytes needed to tell the accepted formats apart (webp: 'RIFF' size 'WEBP'). */
export const SNIFF_BYTES = 12;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/**
 * The format by content, as the server judges it: a renamed executable claims image/png by its
 * extension, so the MIME type alone would let it through only to be refused after the upload.
 */
export const sniffImageKind = (bytes: Uint8Array): ImageKind | null => {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return null;
};

export type FlatImageType = { code: string; name: string; level: number; count: number; label: string };

/** Every category depth-first, for the category selects; the label is indented by level. */
export const flattenImageTypes = (nodes: readonly CountedImageTypeNode[], level = 1): FlatImageType[] =>
  nodes.flatMap((n) => [
    {
      code: n.imageTypeCode,
      name: n.imageTypeName,
      level,
      count: n.imageTypeCount,
      label: `${'\u3000'.repeat(level - 1)}${n.imageTypeName}`,
    },
    ...flattenImageTypes(n.childList, level + 1),
  ]);

export const findImageType = (
  nodes: readonly CountedImageTypeNode[],
  code: string,
): CountedImageTypeNode | undefined => {
  for (const n of nodes) {
    if (n.imageTypeCode === code) return n;
    const inner = findImageType(n.childList, code);
    if (inner) return inner;
  }
  return undefined;
};

/** Pictures of the whole claim: the roots' counts already include everything beneath them. */
export const totalPictures = (nodes: readonly CountedImageTypeNode[]) =>
  nodes.reduce((sum, n) => sum + n.imageTypeCount, 0);

/** The codes from the root down to `code` (exclusive), to expand the tree around a selection. */
export const ancestorsOf = (nodes: readonly CountedImageTypeNode[], code: string): string[] => {
  for (const n of nodes) {
    if (n.imageTypeCode === code) return [];
    const inner = ancestorsOf(n.childList, code);
    if (inner.length > 0 || findImageType(n.childList, code)) return [n.imageTypeCode, ...inner];
  }
  return [];
};

export const FIRST_PAGE = 10;
/** The first look shows ten pictures; "more" asks for the node's whole count in one page (at most the server's 100). */
export const nextPageSize = (current: number, nodeCount: number): number => Math.min(100, Math.max(current, nodeCount));

export type EvidenceRow = { code: string; name: string; satisfied: boolean };
export const evidenceRows = (evidence: EvidenceStatus | null): EvidenceRow[] => {
  if (!evidence) return [];
  const missing = new Set(evidence.missing.map((m) => m.code));
  return evidence.required.map((r) => ({ code: r.code, name: r.name, satisfied: !missing.has(r.code) }));
};
export const missingSentence = (evidence: EvidenceStatus | null): string | null =>
  evidence && evidence.missing.length > 0 ? `尚缺：${evidence.missing.map((m) => m.name).join('、')}` : null;

/** Toggles one id in a selection, keeping the order the user ticked them in. */
export const toggled = (selected: readonly string[], id: string): string[] =>
  selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id];
