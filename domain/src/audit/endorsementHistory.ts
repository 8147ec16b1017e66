import type { EndorsementEvent } from '../ordering/endorsement.events.ts';

/**
 * 批改 in an order's audit history (docs/api/endorsement.md): who asked for what, the insurer's answer or the
 * desk's decision with who and why, a withdrawal. Rows in orderHistory.ts's shape: [at, by, step, details, reason].
 */
const SYSTEM = '系统';
const who = (by: string) => (by === 'system' ? SYSTEM : by);
const yuan = (amount: number) => `${Math.round(amount * 100) / 100}元`;
const signed = (n: number) => (n > 0 ? `加费${yuan(n)}` : n < 0 ? `退费${yuan(-n)}` : '无保费变化');

export type EndorsementAuditRow = { at: string; by: string; step: string; details: string; reason: string | null };

export const endorsementAuditRow = (event: EndorsementEvent): EndorsementAuditRow => {
  switch (event.type) {
    case 'EndorsementRequested': {
      const d = event.data;
      const kinds = d.changes.map((c) =>
        c.kind === 'addDrone'
          ? '新增无人机'
          : c.kind === 'removeDrone'
            ? '删除无人机'
            : c.kind === 'changeAmount'
              ? '变更保额'
              : '变更联系方式',
      );
      return {
        at: d.requestedAt,
        by: who(d.requestedBy),
        step: '申请批改',
        details: `批单号${d.endorsementNo}：${[...new Set(kinds)].join('、')}，确认${signed(d.confirmedTotal)}，${d.effectiveDate.slice(0, 10)}起生效`,
        reason: null,
      };
    }
    case 'EndorsementReferred':
      return {
        at: event.data.referredAt,
        by: SYSTEM,
        step: '批改转人工',
        details: `保险公司核算${signed(event.data.quote.total)}`,
        reason: event.data.reason,
      };
    case 'EndorsementApproved': {
      const d = event.data;
      const pay = d.payment ? `，待支付${yuan(d.payment.amount)}` : '';
      return {
        at: d.approvedAt,
        by: who(d.approvedBy),
        step: '批改通过',
        details: `批单号${d.endorsementNo}，${signed(d.quote.total)}${pay}`,
        reason: d.reason,
      };
    }
    case 'EndorsementDeclined':
      return {
        at: event.data.declinedAt,
        by: who(event.data.declinedBy),
        step: '批改拒绝',
        details: '批改未通过',
        reason: event.data.reason,
      };
    case 'EndorsementWithdrawn':
      return {
        at: event.data.withdrawnAt,
        by: who(event.data.withdrawnBy),
        step: '批改撤回',
        details: event.data.reason === 'paymentLapsed' ? '批改加费超时未支付' : '客户撤回批改申请',
        reason: null,
      };
  }
};
