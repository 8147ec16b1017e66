import { assertNever } from '../shared/decider.ts';

/**
 * The page layout of a document, as data: what goes on which page at which height, decided here
 * (pure, testable without pdfkit) and drawn by the workers' renderer as placed. Text is measured
 * in "units" (a CJK character is one em, other characters about half), which is what wrapping and
 * pagination need; the renderer uses the same geometry.
 */

export const PAGE = {
  width: 595.28,
  height: 841.89,
  margin: 42,
  /** Where the content starts below the page header (title and policy number on every page). */
  top: 108,
  /** Where the content must end above the footer. */
  bottom: 794,
} as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;

export const FONT = { body: 9, small: 7.5, section: 10.5, title: 18 } as const;
export const HEIGHT = {
  sectionTitle: 19,
  fieldRow: 15,
  tableHeader: 18,
  tableRow: 15,
  textLine: 12.5,
  total: 30,
  verification: 94,
  signatures: 30,
  gap: 8,
} as const;

export type Column = { header: string; width: number; align?: 'left' | 'right' | 'center' };
export type Field = { label: string; value: string };

/** What a document is made of, in reading order. */
export type Section =
  | { kind: 'fields'; title: string; rows: Field[][] }
  | { kind: 'table'; title: string; columns: Column[]; rows: string[][]; empty?: string }
  | { kind: 'total'; label: string; words: string; figures: string }
  | { kind: 'paragraphs'; title: string; items: string[]; numbered: boolean }
  | { kind: 'verification'; url: string; code: string; fingerprint: string; note: string }
  /** Who issues it, side by side, the broker's electronic seal over its name. */
  | { kind: 'signatures'; parties: Field[]; seal: { name: string; purpose: string } };

export type DocumentSpec = {
  /** The big title on every page: 无人机保险电子保单, 投保证明. */
  title: string;
  /** The line under the title (policy number; certificate number). */
  reference: string;
  /** Top-left on every page: who issues it. */
  issuer: string;
  /** Bottom-left on every page. */
  footerNote: string;
  sections: Section[];
};

export type Placed =
  | { kind: 'sectionTitle'; y: number; text: string }
  | { kind: 'fieldRow'; y: number; fields: Field[] }
  | { kind: 'tableHeader'; y: number; columns: Column[] }
  | { kind: 'tableRow'; y: number; columns: Column[]; cells: string[]; shaded: boolean }
  | { kind: 'textLine'; y: number; text: string; indent: number }
  | { kind: 'total'; y: number; label: string; words: string; figures: string }
  | { kind: 'verification'; y: number; url: string; code: string; fingerprint: string; note: string }
  | { kind: 'signatures'; y: number; parties: Field[]; seal: { name: string; purpose: string } };

export type LaidOutPage = {
  number: number;
  total: number;
  title: string;
  reference: string;
  issuer: string;
  footerNote: string;
  /** 第 n 页 共 m 页 */
  pageLabel: string;
  items: Placed[];
};

const isWide = (ch: string) => /[\u2E80-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF\u3000-\u303F]/.test(ch);
/** The width of a text in ems of its font size. */
export const textUnits = (text: string) => [...text].reduce((sum, ch) => sum + (isWide(ch) ? 1 : 0.56), 0);

/**
 * Lines of at most `maxUnits` ems. CJK text breaks between any two characters; a run of Latin letters
 * and digits (a policy number, a URL) moves to the next line whole unless it is longer than a line.
 */
export const wrapText = (text: string, maxUnits: number): string[] => {
  const lines: string[] = [];
  let line = '';
  let units = 0;
  const push = () => {
    lines.push(line);
    line = '';
    units = 0;
  };
  for (const token of text.match(/[A-Za-z0-9.\-_/:%]+|[\s\S]/gu) ?? []) {
    const width = textUnits(token);
    if (units + width > maxUnits && line !== '') push();
    if (width <= maxUnits) {
      line += token;
      units += width;
      continue;
    }
    for (const ch of token) {
      const w = textUnits(ch);
      if (units + w > maxUnits && line !== '') push();
      line += ch;
      units += w;
    }
  }
  if (line !== '' || lines.length === 0) lines.push(line);
  return lines;
};

/** A cell shortened to its column (with …) so a row stays one line high. */
export const fitCell = (text: string, width: number, fontSize: number = FONT.body): string => {
  const maxUnits = (width - 8) / fontSize;
  if (textUnits(text) <= maxUnits) return text;
  let out = '';
  let units = 0;
  for (const ch of text) {
    const w = isWide(ch) ? 1 : 0.56;
    if (units + w > maxUnits - 1) break;
    out += ch;
    units += w;
  }
  return `${out}…`;
};

const TEXT_UNITS_PER_LINE = Math.floor((CONTENT_WIDTH - 18) / FONT.body);

type Draft = { items: Placed[] };

/** Lays the sections out on as many pages as they need; a table split over pages repeats its header. */
export const layoutDocument = (spec: DocumentSpec): LaidOutPage[] => {
  const pages: Draft[] = [{ items: [] }];
  let y: number = PAGE.top;
  const page = () => pages[pages.length - 1]!;
  const newPage = () => {
    pages.push({ items: [] });
    y = PAGE.top;
  };
  const ensure = (height: number) => {
    if (y + height > PAGE.bottom && y > PAGE.top) newPage();
  };
  const place = (item: Placed, height: number) => {
    page().items.push(item);
    y += height;
  };
  const sectionTitle = (text: string, keepWith: number) => {
    ensure(HEIGHT.sectionTitle + keepWith);
    place({ kind: 'sectionTitle', y, text }, HEIGHT.sectionTitle);
  };

  for (const section of spec.sections) {
    switch (section.kind) {
      case 'fields':
        sectionTitle(section.title, HEIGHT.fieldRow);
        for (const fields of section.rows) {
          ensure(HEIGHT.fieldRow);
          place({ kind: 'fieldRow', y, fields }, HEIGHT.fieldRow);
        }
        break;
      case 'table': {
        const rows = section.rows.length > 0 ? section.rows : [[section.empty ?? '无']];
        sectionTitle(section.title, HEIGHT.tableHeader + HEIGHT.tableRow);
        place({ kind: 'tableHeader', y, columns: section.columns }, HEIGHT.tableHeader);
        rows.forEach((cells, i) => {
          if (y + HEIGHT.tableRow > PAGE.bottom) {
            newPage();
            place({ kind: 'sectionTitle', y, text: `${section.title}（续）` }, HEIGHT.sectionTitle);
            place({ kind: 'tableHeader', y, columns: section.columns }, HEIGHT.tableHeader);
          }
          const columns = section.rows.length > 0 ? section.columns : [{ header: '', width: CONTENT_WIDTH }];
          const fitted = cells.map((c, j) => fitCell(c, columns[j]?.width ?? CONTENT_WIDTH));
          place({ kind: 'tableRow', y, columns, cells: fitted, shaded: i % 2 === 1 }, HEIGHT.tableRow);
        });
        break;
      }
      case 'total':
        ensure(HEIGHT.total);
        place({ kind: 'total', y, label: section.label, words: section.words, figures: section.figures }, HEIGHT.total);
        break;
      case 'paragraphs': {
        const lines = section.items.flatMap((item, i) => {
          const prefix = section.numbered ? `${i + 1}. ` : '';
          return wrapText(prefix + item, TEXT_UNITS_PER_LINE).map((text, k) => ({
            text,
            indent: k === 0 || !section.numbered ? 0 : 12,
          }));
        });
        sectionTitle(section.title, HEIGHT.textLine);
        for (const line of lines) {
          ensure(HEIGHT.textLine);
          place({ kind: 'textLine', y, ...line }, HEIGHT.textLine);
        }
        break;
      }
      case 'signatures':
        // Room above for the seal, which reaches over the line it stamps.
        y += HEIGHT.gap;
        ensure(HEIGHT.signatures);
        place({ kind: 'signatures', y, parties: section.parties, seal: section.seal }, HEIGHT.signatures);
        break;
      case 'verification': {
        y += HEIGHT.gap / 2;
        ensure(HEIGHT.verification);
        const { url, code, fingerprint, note } = section;
        place({ kind: 'verification', y, url, code, fingerprint, note }, HEIGHT.verification);
        break;
      }
    }
    y += HEIGHT.gap / 2;
  }
  const total = pages.length;
  return pages.map((p, i) => ({
    number: i + 1,
    total,
    title: spec.title,
    reference: spec.reference,
    issuer: spec.issuer,
    footerNote: spec.footerNote,
    pageLabel: `第 ${i + 1} 页 共 ${total} 页`,
    items: p.items,
  }));
};

/** Every text a laid-out document shows, page by page (what its tests and a text extraction look for). */
export const pageTexts = (pages: readonly LaidOutPage[]): string[][] =>
  pages.map((p) => [
    p.issuer,
    p.title,
    p.reference,
    p.footerNote,
    p.pageLabel,
    ...p.items.flatMap((item): string[] => {
      switch (item.kind) {
        case 'sectionTitle':
          return [item.text];
        case 'fieldRow':
          return item.fields.flatMap((f) => [f.label, f.value]);
        case 'tableHeader':
          return item.columns.map((c) => c.header);
        case 'tableRow':
          return item.cells;
        case 'textLine':
          return [item.text];
        case 'total':
          return [item.label, item.words, item.figures];
        case 'verification':
          return [item.url, item.code, item.fingerprint, item.note];
        case 'signatures':
          return [...item.parties.flatMap((f) => [f.label, f.value]), item.seal.name, item.seal.purpose];
        default:
          return assertNever(item);
      }
    }),
  ]);
