/** 续保 (docs/api/renewal.md): one call makes the renewal order and asks its insurers. */
import { call } from '../../api/client.ts';

export const renewPath = '/api/v1/uav/order/renew';

export type Renewed = { id: string; orderNo: string; startDate: string; gapDays: number };

export const renewOrder = (id: string, insuranceCompanyIds?: number[]) =>
  call<Renewed>(renewPath, { body: { id, ...(insuranceCompanyIds ? { insuranceCompanyIds } : {}) } });
