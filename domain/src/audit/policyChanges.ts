import type { PolicyEndorsed } from '../ordering/order.events.ts';
import type { AuditEntry } from './changeKinds.ts';

/**
 * The audit rows of a policy's changes after the sale: a 批改 (its summary, then one row per change with
 * before and after). The 退保 rows are cancellation's (orderHistory.ts). The user is who approved it.
 */

type Entry = (
  at: string,
  userName: string,
  change: 'policy',
  operateType: string,
  details: string,
  remark?: string | null,
) => AuditEntry;

const signedYuan = (amount: number) => {
  const rounded = Math.round(amount * 100) / 100;
  return rounded > 0 ? `+${rounded}元` : `${rounded}元`;
};
const day = (iso: string) => iso.slice(0, 10);

export const endorsedEntries = (data: PolicyEndorsed['data'], entry: Entry): AuditEntry[] => {
  const head = entry(
    data.endorsedAt,
    data.approvedBy,
    'policy',
    '批改',
    `批改为第${data.version}版，批单号${data.endorsementNo}，${day(data.effectiveDate)}起生效，保费差额${signedYuan(data.premiumDifference)}，批改后年保费${Math.round(data.totalPremium * 100) / 100}元`,
    `审批人：${data.approvedBy}`,
  );
  return [
    head,
    ...data.changes.map(
      (c): AuditEntry => ({
        ...head,
        operateType: '批改项目',
        moduleName: '保单',
        fieldName: c.label,
        details: `${c.before ?? '—'} → ${c.after ?? '—'}（保费差额${signedYuan(c.premiumDifference)}）`,
        remark: '',
      }),
    ),
  ];
};
