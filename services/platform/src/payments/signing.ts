import { createSign, createVerify } from 'node:crypto';
import { signatureBase } from '@feibao/domain/payments/gateway';

/** RSA2 as Alipay does it: SHA256withRSA over the sorted parameters (domain signatureBase), base64. */
export const rsa2Sign = (params: Readonly<Record<string, string | undefined>>, privateKeyPem: string) =>
  createSign('RSA-SHA256').update(signatureBase(params), 'utf8').sign(privateKeyPem, 'base64');

export const rsa2Verify = (params: Readonly<Record<string, string | undefined>>, publicKeyPem: string) => {
  const signature = params.sign;
  if (!signature) return false;
  try {
    return createVerify('RSA-SHA256').update(signatureBase(params), 'utf8').verify(publicKeyPem, signature, 'base64');
  } catch {
    return false;
  }
};
