import { csvCell } from '../claims/history.ts';
import { auditChangeNames, type AuditEntry } from './changeKinds.ts';

const HEADER = ['操作时间', '操作人', '变更类型', '模块', '字段', '操作类型', '详情', '说明'];
const BOM = '\uFEFF';

/**
 * The claim history's CSV (claims/history.ts `historyCsv`) with the kind of change as a column,
 * so a filtered export says what it was filtered by: UTF-8 BOM for Excel, formula-safe cells, CRLF.
 */
export const auditCsv = (entries: readonly AuditEntry[]): string => {
  const lines = [
    HEADER,
    ...entries.map((e) => [
      e.operateDate,
      e.userName,
      auditChangeNames[e.change],
      e.moduleName,
      e.fieldName,
      e.operateType,
      e.details,
      e.remark,
    ]),
  ].map((cells) => cells.map(csvCell).join(','));
  return `${BOM}${lines.join('\r\n')}\r\n`;
};
