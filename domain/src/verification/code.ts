/**
 * Verification codes as people hand them over: read off the paper (grouped with hyphens or spaces,
 * in any case), typed with the letters Crockford's base32 reads as digits (O → 0, I and L → 1), or
 * pasted as the whole address of the QR code. Every form of one code normalises to the same text,
 * whose SHA-256 is what the read model is keyed by (docs/security.md "Verification codes").
 */

/** Shortest and longest code taken: 128 bits are 26 base32 characters; anything outside is no code. */
export const CODE_MIN_LENGTH = 16;
export const CODE_MAX_LENGTH = 64;
/** The longest input looked at (an address with the code in it); longer input is refused unread. */
export const CODE_INPUT_MAX_LENGTH = 512;

const lastPathSegment = (raw: string) => {
  const at = raw.lastIndexOf('/verify/');
  if (at < 0) return raw;
  return raw.slice(at + '/verify/'.length).split(/[?#/]/)[0] ?? '';
};

/** The canonical text of a code, or null when the input cannot be one (the answer is then 不存在 too). */
export const normaliseCode = (raw: string): string | null => {
  if (raw.length > CODE_INPUT_MAX_LENGTH) return null;
  let text = lastPathSegment(raw.trim());
  try {
    text = decodeURIComponent(text);
  } catch {
    return null;
  }
  const code = text
    .replace(/[\s\-_.]/g, '')
    .toUpperCase()
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (code.length < CODE_MIN_LENGTH || code.length > CODE_MAX_LENGTH) return null;
  return /^[0-9A-Z]+$/.test(code) ? code : null;
};

/** A code as logged: its first four characters only, never enough to look it up. */
export const codeForLog = (code: string | null) => (code ? `${code.slice(0, 4)}…` : null);
