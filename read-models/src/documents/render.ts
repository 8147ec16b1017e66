import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { FONT, HEIGHT, PAGE, textUnits, type LaidOutPage, type Placed } from '@feibao/domain/documents/layout';

/**
 * Draws a laid-out document (domain documents/layout.ts) with pdfkit (here, in read-models, because the workers'
 * 电子保单 and the query service's 投保过程记录 both render with it), in Noto Sans SC from the npm
 * package, embedded and subset by pdfkit: only the glyphs used travel, so a one-drone policy stays
 * small. Everything is vector (the QR code too).
 */

const require = createRequire(import.meta.url);
const fontFile = (name: string) => require.resolve(`@expo-google-fonts/noto-sans-sc/${name}`);

/** Read once per process: a 8 MB font parsed from disk for every job would dominate the render. */
let fonts: { regular: Buffer; bold: Buffer } | null = null;
const loadFonts = () => {
  fonts ??= {
    regular: readFileSync(fontFile('NotoSansSC_400Regular.ttf')),
    bold: readFileSync(fontFile('NotoSansSC_700Bold.ttf')),
  };
  return fonts;
};

const INK = '#1f2933';
const MUTED = '#52606d';
const RULE = '#b8c2cc';
const ACCENT = '#9b1c1c';
const SHADE = '#f3f5f7';
const HEADER_FILL = '#e4e9ef';
const SEAL = '#c8102e';

export type RenderMeta = { title: string; subject: string; issuedAt: Date };
export type Rendered = { bytes: Buffer; pages: number };

const { margin: M, width: W } = PAGE;
const RIGHT = W - M;

type Doc = PDFKit.PDFDocument;

const drawQr = (doc: Doc, text: string, x: number, y: number, size: number) => {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const quiet = 2;
  const cell = size / (n + 2 * quiet);
  doc.save().rect(x, y, size, size).fill('#ffffff');
  doc.fillColor('#000000');
  for (let row = 0; row < n; row += 1)
    for (let c = 0; c < n; c += 1)
      if (qr.modules.get(row, c)) doc.rect(x + (c + quiet) * cell, y + (row + quiet) * cell, cell, cell);
  doc.fill().restore();
};

/** The broker's round electronic seal: its name along the upper arc, a star, the seal's purpose below. */
const drawSeal = (doc: Doc, cx: number, cy: number, seal: { name: string; purpose: string }) => {
  const r = 30;
  doc.save().opacity(0.85);
  doc.lineWidth(2).strokeColor(SEAL).circle(cx, cy, r).stroke();
  const chars = [...seal.name];
  const size = 7.2;
  const span = 220;
  doc.font('bold').fontSize(size).fillColor(SEAL);
  chars.forEach((ch, i) => {
    const deg = -90 - span / 2 + (span * (i + 0.5)) / chars.length;
    const rad = (deg * Math.PI) / 180;
    const x = cx + (r - 9) * Math.cos(rad);
    const y = cy + (r - 9) * Math.sin(rad);
    doc
      .save()
      .translate(x, y)
      .rotate(deg + 90);
    doc.text(ch, -size / 2, -size / 2, { lineBreak: false });
    doc.restore();
  });
  const star = (n: number) => {
    const points: [number, number][] = [];
    for (let k = 0; k < 10; k += 1) {
      const a = -Math.PI / 2 + (k * Math.PI) / 5;
      const rr = k % 2 === 0 ? n : n * 0.4;
      points.push([cx + rr * Math.cos(a), cy + 2 + rr * Math.sin(a)]);
    }
    return points;
  };
  doc.polygon(...star(9)).fill(SEAL);
  doc.font('bold').fontSize(6.4).fillColor(SEAL);
  doc.text(seal.purpose, cx - r, cy + 14, { width: 2 * r, align: 'center', lineBreak: false });
  doc.restore();
};

const pageFrame = (doc: Doc, page: LaidOutPage) => {
  doc.lineWidth(2).strokeColor(ACCENT).moveTo(M, 34).lineTo(RIGHT, 34).stroke();
  doc.font('regular').fontSize(FONT.small).fillColor(MUTED).text(page.issuer, M, 39, { lineBreak: false });
  doc
    .font('bold')
    .fontSize(FONT.title)
    .fillColor(INK)
    .text(page.title, M, 52, { width: RIGHT - M, align: 'center', lineBreak: false });
  doc
    .font('regular')
    .fontSize(FONT.body)
    .fillColor(INK)
    .text(page.reference, M, 80, { width: RIGHT - M, align: 'center', lineBreak: false });
  doc.lineWidth(0.6).strokeColor(RULE).moveTo(M, 99).lineTo(RIGHT, 99).stroke();
  const footY = PAGE.height - 38;
  doc
    .lineWidth(0.6)
    .strokeColor(RULE)
    .moveTo(M, footY - 6)
    .lineTo(RIGHT, footY - 6)
    .stroke();
  doc.font('regular').fontSize(FONT.small).fillColor(MUTED);
  doc.text(page.footerNote, M, footY, { lineBreak: false });
  doc.text(page.pageLabel, M, footY, { width: RIGHT - M, align: 'center', lineBreak: false });
  doc.text('飞保 · 保险经纪', M, footY, { width: RIGHT - M, align: 'right', lineBreak: false });
};

const cellText = (doc: Doc, text: string, x: number, y: number, width: number, align: 'left' | 'right' | 'center') =>
  doc.text(text, x + 4, y, { width: width - 8, align, lineBreak: false });

const drawItem = (doc: Doc, item: Placed) => {
  switch (item.kind) {
    case 'sectionTitle': {
      const y = item.y + 3.5;
      doc.rect(M, y + 1, 3, 11).fill(ACCENT);
      doc
        .font('bold')
        .fontSize(FONT.section)
        .fillColor(INK)
        .text(item.text, M + 9, y, { lineBreak: false });
      doc
        .lineWidth(0.5)
        .strokeColor(RULE)
        .moveTo(M, item.y + HEIGHT.sectionTitle - 2)
        .lineTo(RIGHT, item.y + HEIGHT.sectionTitle - 2)
        .stroke();
      return;
    }
    case 'fieldRow': {
      const half = (RIGHT - M) / 2;
      item.fields.forEach((field, i) => {
        const x = M + i * half;
        const labelWidth = 88;
        doc.font('regular').fontSize(FONT.body).fillColor(MUTED);
        doc.text(`${field.label}：`, x, item.y + 2, { width: labelWidth, lineBreak: false, ellipsis: true });
        doc.fillColor(INK);
        const width = (item.fields.length === 1 ? RIGHT - M : half) - labelWidth - 6;
        doc.text(field.value, x + labelWidth, item.y + 2, { width, lineBreak: false, ellipsis: true });
      });
      return;
    }
    case 'tableHeader': {
      doc.rect(M, item.y, RIGHT - M, HEIGHT.tableHeader).fill(HEADER_FILL);
      doc
        .font('bold')
        .fontSize(FONT.body - 0.5)
        .fillColor(INK);
      let x = M;
      for (const column of item.columns) {
        cellText(doc, column.header, x, item.y + 4, column.width, column.align ?? 'left');
        x += column.width;
      }
      return;
    }
    case 'tableRow': {
      if (item.shaded) doc.rect(M, item.y, RIGHT - M, HEIGHT.tableRow).fill(SHADE);
      doc.font('regular').fontSize(FONT.body).fillColor(INK);
      let x = M;
      item.columns.forEach((column, i) => {
        cellText(doc, item.cells[i] ?? '', x, item.y + 2.2, column.width, column.align ?? 'left');
        x += column.width;
      });
      doc
        .lineWidth(0.3)
        .strokeColor(RULE)
        .moveTo(M, item.y + HEIGHT.tableRow)
        .lineTo(RIGHT, item.y + HEIGHT.tableRow)
        .stroke();
      return;
    }
    case 'textLine':
      doc
        .font('regular')
        .fontSize(FONT.body)
        .fillColor(INK)
        .text(item.text, M + 4 + item.indent, item.y + 1.5, { lineBreak: false });
      return;
    case 'total': {
      doc
        .lineWidth(0.8)
        .strokeColor(INK)
        .rect(M, item.y + 3, RIGHT - M, HEIGHT.total - 6)
        .stroke();
      doc.font('bold').fontSize(FONT.section).fillColor(INK);
      doc.text(`${item.label}：`, M + 8, item.y + 9, { lineBreak: false });
      doc.text(item.words, M + 84, item.y + 9, { lineBreak: false });
      doc.text(item.figures, M, item.y + 9, { width: RIGHT - M - 8, align: 'right', lineBreak: false });
      return;
    }
    case 'signatures': {
      const half = (RIGHT - M) / 2;
      item.parties.forEach((party, i) => {
        const x = M + i * half;
        const label = `${party.label}（签章）：`;
        doc
          .font('regular')
          .fontSize(FONT.body)
          .fillColor(MUTED)
          .text(label, x, item.y + 12, { lineBreak: false });
        doc
          .font('bold')
          .fillColor(INK)
          .text(party.value, x + textUnits(label) * FONT.body, item.y + 12, { lineBreak: false });
      });
      // Stamped over the broker's name, as a seal is.
      drawSeal(doc, M + half + 150, item.y + 16, item.seal);
      return;
    }
    case 'verification': {
      const size = 82;
      const y = item.y + 3.5;
      doc
        .lineWidth(0.6)
        .strokeColor(RULE)
        .rect(M, y, RIGHT - M, size + 8)
        .stroke();
      drawQr(doc, item.url, M + 4, y + 4, size);
      const x = M + size + 16;
      const line = (label: string, value: string, dy: number, size: number = FONT.body) => {
        doc
          .font('regular')
          .fontSize(FONT.small)
          .fillColor(MUTED)
          .text(label, x, y + dy, { lineBreak: false });
        doc
          .fontSize(size)
          .fillColor(INK)
          .text(value, x, y + dy + 9.5, { lineBreak: false });
      };
      line('验证码', item.code, 4, FONT.section);
      line('验证网址', item.url, 28);
      line('内容指纹（SHA-256）', item.fingerprint, 51, 8);
      doc
        .font('regular')
        .fontSize(FONT.small)
        .fillColor(MUTED)
        .text(item.note, x, y + 76, { width: RIGHT - x - 8, lineBreak: false, ellipsis: true });
      return;
    }
  }
};

export const renderPdf = (pages: readonly LaidOutPage[], meta: RenderMeta): Promise<Rendered> => {
  const { regular, bold } = loadFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    bufferPages: false,
    info: {
      Title: meta.title,
      Subject: meta.subject,
      Author: '飞保保险经纪',
      Creator: '飞保 FeiBao',
      CreationDate: meta.issuedAt,
      ModDate: meta.issuedAt,
    },
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Rendered>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve({ bytes: Buffer.concat(chunks), pages: pages.length }));
    doc.on('error', reject);
  });
  for (const page of pages) {
    doc.addPage({ size: 'A4', margin: 0 });
    pageFrame(doc, page);
    for (const item of page.items) drawItem(doc, item);
  }
  doc.end();
  return done;
};
