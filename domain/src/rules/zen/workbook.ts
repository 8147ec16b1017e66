import ExcelJS from 'exceljs';
import type { Cell, SheetGrid } from '../transposition.ts';

/**
 * The bytes of 规则迁移's Excel workbooks (exceljs). What goes in which cell is the domain's
 * (rules/transposition.ts `workbookSheets`, `readTableSheet`); here only grids of text in and out.
 */

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A workbook far beyond any rule set is refused rather than read into memory. */
const MAX_SHEETS = 1000;
const MAX_ROWS = 20_000;

export const writeWorkbook = async (sheets: readonly SheetGrid[]): Promise<Buffer> => {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date(0);
  for (const sheet of sheets) {
    const ws = workbook.addWorksheet(sheet.name);
    for (const row of sheet.rows) ws.addRow(row);
    // Wide enough to read an expression without resizing; the head rows stay in view.
    ws.columns.forEach((column) => {
      column.width = 24;
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

/** What a cell shows, as text: rich text joined, a formula's result, a date as ISO. */
const cellText = (value: ExcelJS.CellValue): Cell => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return value.toISOString();
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('formula' in value || 'sharedFormula' in value)
    return cellText((value as { result?: ExcelJS.CellValue }).result ?? null);
  if ('text' in value) return String(value.text);
  return null;
};

/** Every sheet of a workbook as rows of cells; throws when the bytes are not a readable workbook or too large. */
export const readWorkbook = async (bytes: Uint8Array): Promise<SheetGrid[]> => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as unknown as ExcelJS.Buffer);
  if (workbook.worksheets.length > MAX_SHEETS) throw new Error('too many sheets');
  return workbook.worksheets.map((ws) => {
    if (ws.rowCount > MAX_ROWS) throw new Error('too many rows');
    const rows: Cell[][] = [];
    ws.eachRow({ includeEmpty: true }, (row, number) => {
      const cells: Cell[] = [];
      row.eachCell({ includeEmpty: true }, (cell, column) => {
        cells[column - 1] = cellText(cell.value);
      });
      rows[number - 1] = Array.from(cells, (c) => c ?? null);
    });
    return { name: ws.name, rows: Array.from(rows, (r) => r ?? []) };
  });
};
