/** The payments screen's words for the wire's codes (docs/glossary.md "Payments"). */
import type { Intent } from '@blueprintjs/core';
import type { PaymentException, PaymentStatus } from '@feibao/domain/payments/api';

export const paymentStatusNames: Record<PaymentStatus, string> = {
  unpaid: '待支付',
  paid: '已支付',
  expired: '支付已超时',
  refunded: '已退款',
};

export const paymentStatusIntent = (status: PaymentStatus): Intent =>
  status === 'paid' ? 'success' : status === 'unpaid' ? 'warning' : status === 'expired' ? 'danger' : 'none';

export const paymentExceptionNames: Record<PaymentException, string> = {
  paidNotUnderwritten: '已支付未承保',
  refundPending: '待退款',
};

/** The page's filters in the address: unknown values fall back to no filter. */
export const paymentFiltersOf = (params: URLSearchParams) => {
  const status = params.get('status') ?? '';
  const exception = params.get('exception') ?? '';
  const orderNo = params.get('orderNo') ?? '';
  return {
    status: (Object.hasOwn(paymentStatusNames, status) ? status : '') as PaymentStatus | '',
    exception: (Object.hasOwn(paymentExceptionNames, exception) ? exception : '') as PaymentException | '',
    orderNo: /^[0-9A-Za-z]{1,32}$/.test(orderNo) ? orderNo : '',
  };
};
