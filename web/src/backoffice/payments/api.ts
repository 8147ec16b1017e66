/** The back office's payment calls (docs/api/payments.md "Back office"). */
import useSWR from 'swr';
import type {
  PaymentException,
  PaymentPage,
  PaymentStatus,
  RefusedNotificationPage,
} from '@feibao/domain/payments/api';
import { request } from '../../api/client.ts';
import { useSession } from '../../api/session.ts';

const base = '/api/v1/uav/backoffice/payment';
export const paymentDeskPaths = { page: `${base}/page`, refused: `${base}/refused` } as const;

export const PAYMENT_PAGE_SIZE = 20;

export type PaymentFilters = {
  status: PaymentStatus | '';
  exception: PaymentException | '';
  orderNo: string;
  /** The customer's whole phone (never kept in the address). */
  phone: string;
};

const post =
  <T>() =>
  ([path, body]: [string, string]) =>
    request<T>(path, { body: JSON.parse(body) });

export const usePaymentPage = (pageNum: number, filters: PaymentFilters) => {
  const session = useSession();
  const body = Object.fromEntries(
    Object.entries({ pageNum, pageSize: PAYMENT_PAGE_SIZE, ...filters }).filter(([, v]) => v !== ''),
  );
  return useSWR<PaymentPage>(session ? [paymentDeskPaths.page, JSON.stringify(body)] : null, post<PaymentPage>(), {
    dedupingInterval: 0,
    keepPreviousData: true,
  });
};

export const useRefusedNotifications = (pageNum: number, enabled: boolean) => {
  const session = useSession();
  return useSWR<RefusedNotificationPage>(
    session && enabled ? [paymentDeskPaths.refused, JSON.stringify({ pageNum, pageSize: PAYMENT_PAGE_SIZE })] : null,
    post<RefusedNotificationPage>(),
    { dedupingInterval: 0, keepPreviousData: true },
  );
};
