import { createHash, randomBytes } from 'node:crypto';
import type { TestPlatform } from './platform.ts';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A code as the documents workers make one: 130 random bits in Crockford base32, grouped by four. */
export const newVerificationCode = () => {
  const bytes = randomBytes(17);
  let bits = '';
  for (const byte of bytes) bits += byte.toString(2).padStart(8, '0');
  const chars = Array.from({ length: 26 }, (_, i) => CROCKFORD[Number.parseInt(bits.slice(i * 5, i * 5 + 5), 2)]);
  return chars
    .join('')
    .match(/.{1,4}/g)!
    .join('-');
};

/** Bytes that pass for a PDF (the `%PDF-` header) and are unique, with their SHA-256. */
export const fakePdf = () => {
  const bytes = Buffer.concat([
    Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', 'latin1'),
    Buffer.from(randomBytes(2048).toString('base64')),
    Buffer.from('\n%%EOF\n'),
  ]);
  return { bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
};

/** Appends to an order's documents stream as the documents workers do (docs/api/documents.md "Contract"). */
export const appendDocumentEvents = async (
  platform: TestPlatform,
  orderId: string,
  events: { type: string; data: Record<string, unknown> }[],
) => {
  await platform.command.deps.eventStore.appendToStream(`policy-documents-${orderId}`, events as never);
};

/** Lifts the per-address verification limits, as a minute passing would. */
export const resetVerifyLimits = async (platform: TestPlatform) => {
  const redis = platform.command.deps.redis;
  const keys = await redis.keys(`${platform.config.queuePrefix}:rl:verify:*`);
  if (keys.length > 0) await redis.del(...keys);
};
