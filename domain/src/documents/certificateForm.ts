import { z } from 'zod';
import { isValidIdCard } from '../accounts/validation.ts';
import { documentMessages as m } from './messages.ts';

const CREDIT_CODE_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_CODE_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** 统一社会信用代码 (GB 32100-2015): 17 characters of its alphabet and the check character they give. */
export const isValidCreditCode = (value: string): boolean => {
  if (!/^[0-9A-HJ-NPQRTUWXY]{18}$/.test(value)) return false;
  const sum = CREDIT_CODE_WEIGHTS.reduce((acc, w, i) => acc + w * CREDIT_CODE_CHARS.indexOf(value[i]!), 0);
  return CREDIT_CODE_CHARS[(31 - (sum % 31)) % 31] === value[17];
};

/** A holder is a company (credit code) or a person (resident ID number). */
export const isValidHolderId = (value: string) => isValidIdCard(value) || isValidCreditCode(value);

const optional = (label: string, max: number) =>
  z
    .string({ error: m.tooLong(label, max) })
    .trim()
    .max(max, { error: m.tooLong(label, max) })
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

export const certificateHolderFields = {
  name: z
    .string({ error: m.holderNameRequired })
    .trim()
    .min(1, { error: m.holderNameRequired })
    .max(100, { error: m.tooLong('证明持有人名称', 100) }),
  idNumber: z
    .string({ error: m.holderIdRequired })
    .trim()
    .min(1, { error: m.holderIdRequired })
    .transform((v) => v.toUpperCase())
    .refine(isValidHolderId, { error: m.holderIdFormat }),
  address: optional('地址', 200),
  purpose: optional('用途', 100),
};

/** The holder form of the web's add dialog (the same rules the route applies). */
export const certificateHolderSchema = z.object(certificateHolderFields);
export type CertificateHolderForm = z.input<typeof certificateHolderSchema>;

export const addCertificateBody = z.object({
  orderId: z.string({ error: m.orderIdRequired }).trim().min(1, { error: m.orderIdRequired }).max(64),
  ...certificateHolderFields,
});
export const withdrawCertificateBody = z.object({
  certificateId: z
    .string({ error: m.certificateIdRequired })
    .trim()
    .min(1, { error: m.certificateIdRequired })
    .max(100),
});
export const orderIdQuery = z.object({
  id: z.string({ error: m.orderIdRequired }).trim().min(1, { error: m.orderIdRequired }).max(64),
});
export const certificateIdQuery = z.object({
  id: z.string({ error: m.certificateIdRequired }).trim().min(1, { error: m.certificateIdRequired }).max(100),
});
