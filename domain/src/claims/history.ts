import { SHANGHAI_OFFSET_MS } from '../shared/calendar.ts';
import { assertNever } from '../shared/decider.ts';
import type { ClaimEvent, FieldChange, SlaStage } from './claim.events.ts';

/**
 * A claim's history, derived from its events only: replaying the stream is the history, so it
 * can never disagree with the claim. One event gives one row, or a summary row plus a row per
 * changed field for the steps that change the form.
 */
export type HistoryEntry = {
  /** The event's stream position: rows of one event share it. */
  position: number;
  operateDate: string;
  userName: string;
  operateType: string;
  moduleName: string;
  fieldName: string;
  details: string;
  remark: string;
};

const CLAIM_MODULE = '理赔单';
const PICTURE_MODULE = '理赔图片';
const SYSTEM = '系统';

/** Shanghai wall time 'yyyy-MM-dd HH:mm:ss'; an unreadable instant is shown as stored. */
export const shanghaiDateTime = (at: string): string => {
  const t = Date.parse(at);
  return Number.isNaN(t) ? at : new Date(t + SHANGHAI_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
};

const userName = (by: string) => (by === 'system' ? SYSTEM : by);
const yuan = (amount: number) => `${Math.round(amount * 100) / 100}元`;
const shown = (value: string | null) => value ?? '（空）';

export const changeDetails = (change: FieldChange): string => {
  switch (change.operateType) {
    case '新增':
      return `新增：${shown(change.newValue)}`;
    case '删除':
      return `删除：${shown(change.oldValue)}`;
    case '修改':
      return `${shown(change.oldValue)} → ${shown(change.newValue)}`;
    default:
      return assertNever(change.operateType);
  }
};

/** What an overdue SLA stage is called, in the history and on the claim list's tags. */
export const slaStageText = (stage: SlaStage): string => {
  switch (stage) {
    case 'accept':
      return '受理超时';
    case 'close':
      return '结案超时';
    default:
      return assertNever(stage);
  }
};

export const claimHistoryEntries = (event: ClaimEvent, position: number): HistoryEntry[] => {
  const base = { position, operateDate: shanghaiDateTime(event.data.at), userName: userName(event.data.by) };
  const row = (
    operateType: string,
    details: string,
    remark: string | null = null,
    moduleName = CLAIM_MODULE,
  ): HistoryEntry => ({
    ...base,
    operateType,
    moduleName,
    fieldName: '',
    details,
    remark: remark ?? '',
  });
  const changeRows = (changes: readonly (FieldChange & { remark?: string })[]) =>
    changes.map(
      (c): HistoryEntry => ({
        ...base,
        operateType: c.operateType,
        moduleName: c.moduleName,
        fieldName: c.fieldName,
        details: changeDetails(c),
        remark: c.remark ?? '',
      }),
    );
  const counted = (step: string, changes: readonly unknown[]) =>
    `${step}（${changes.length === 0 ? '无修改' : `${changes.length}项修改`}）`;

  switch (event.type) {
    case 'ClaimOpened':
      return [row('创建', `创建理赔单${event.data.claimNo}，保单号：${event.data.policy.policyNo}`)];
    case 'ClaimCancelled':
      return [row('返回', '未保存即返回，理赔单已取消')];
    case 'ClaimDraftSaved':
      return [row('暂存', counted('暂存理赔单', event.data.changes)), ...changeRows(event.data.changes)];
    case 'ClaimSubmitted':
      return [row('提交', counted('提交理赔单', event.data.changes)), ...changeRows(event.data.changes)];
    case 'ClaimAmended':
      return [row('管理员修改', counted('管理员修改理赔单', event.data.changes)), ...changeRows(event.data.changes)];
    case 'ClaimWithdrawn':
      return [row('撤回', '撤回理赔单', event.data.reason)];
    case 'ClaimAccepted':
      return [row('受理', '受理理赔单', event.data.reason)];
    case 'EvidenceRequested':
      return [row('补充材料', event.data.message)];
    case 'ClaimAssessed': {
      const lines = event.data.exposures.map(
        (e) =>
          `${e.lineName}：损失${yuan(e.lossAmount)}，免赔${yuan(e.deductibleAmount)}，赔付${yuan(e.payableAmount)}`,
      );
      const total = `合计：损失${yuan(event.data.lossAmount)}，赔付${yuan(event.data.payableAmount)}`;
      return [row('定损', [...lines, total].join('；'), event.data.reason)];
    }
    case 'ClaimClosed':
      return [row('结案', '结案', event.data.reason)];
    case 'ClaimReopened':
      return [row('重新打开', '重新打开理赔单', event.data.reason)];
    case 'ClaimAssigned':
      return [row('分派', event.data.assignee === null ? '取消分派' : `分派给 ${event.data.assignee}`)];
    case 'ClaimSlaOverdue':
      return [{ ...row('超时', slaStageText(event.data.stage)), userName: SYSTEM }];
    case 'ClaimPictureUploaded':
      return [row('上传图片', `上传图片：${event.data.name}`, null, PICTURE_MODULE)];
    case 'ClaimPictureProcessed':
      return [row('图片处理完成', `图片${event.data.pictureId}处理完成`, null, PICTURE_MODULE)];
    case 'ClaimPictureRejected':
      return [row('图片处理失败', `图片${event.data.pictureId}处理失败`, event.data.reason, PICTURE_MODULE)];
    case 'ClaimPicturesClassified':
      return [
        row('图片分类', `${event.data.pictureIds.length}张图片分类为${event.data.imageTypeName}`, null, PICTURE_MODULE),
      ];
    case 'ClaimPicturesDeleted':
      return [row('删除图片', `删除${event.data.pictureIds.length}张图片`, null, PICTURE_MODULE)];
    default:
      return assertNever(event);
  }
};

// --- CSV export

const CSV_HEADER = ['操作时间', '操作人', '模块', '字段', '操作类型', '详情', '说明'];
const BOM = '\uFEFF';

/**
 * A spreadsheet runs a cell starting with = + - @ (or a tab/CR that hides one) as a formula;
 * the leading quote makes it text. Then RFC 4180 quoting.
 */
export const csvCell = (value: string): string => {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** UTF-8 BOM first so Excel reads the Chinese; CRLF line ends as RFC 4180 has them. */
export const historyCsv = (entries: readonly HistoryEntry[]): string => {
  const lines = [
    CSV_HEADER,
    ...entries.map((e) => [e.operateDate, e.userName, e.moduleName, e.fieldName, e.operateType, e.details, e.remark]),
  ].map((cells) => cells.map(csvCell).join(','));
  return `${BOM}${lines.join('\r\n')}\r\n`;
};
