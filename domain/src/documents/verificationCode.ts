/**
 * Verification codes of issued documents: random bytes drawn by the worker (crypto.randomBytes, at
 * least 16) written in Crockford's base32 (no I, L, O, U: nothing to misread) in groups of four
 * joined by '-', so the code is URL-safe as printed and can be read out over the phone.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** The number of random bytes a code is drawn from: 160 bits, 32 characters, eight groups. */
export const VERIFICATION_CODE_BYTES = 20;

export const encodeVerificationCode = (bytes: Uint8Array): string => {
  if (bytes.length < 16) throw new RangeError('a verification code needs at least 128 random bits');
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out.match(/.{1,4}/g)!.join('-');
};

/**
 * What someone typed or scanned, in the printed form: case, spaces and separators do not matter,
 * and the letters Crockford reads as digits (I, L → 1; O → 0) are taken as those. Null when it
 * cannot be a code.
 */
export const normaliseVerificationCode = (input: string): string | null => {
  const plain = input.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  if (plain.length < 26 || plain.length > 64 || ![...plain].every((c) => ALPHABET.includes(c))) return null;
  return plain.match(/.{1,4}/g)!.join('-');
};

/** The public verification page of a code (config publicBaseUrl, without its trailing slash). */
export const verificationUrl = (publicBaseUrl: string, code: string) =>
  `${publicBaseUrl.replace(/\/+$/, '')}/verify/${code}`;
