import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCallback(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );

// OWASP's scrypt floor: N=2^17, r=8, p=1 (128 MiB). Tests may lower N through the env.
const N = Number(process.env.SCRYPT_N ?? 2 ** 17);
const r = 8;
const p = 1;
const KEYLEN = 32;

/** Self-describing: scrypt$N$r$p$salt$hash, so parameters can be raised without breaking old hashes. */
export const hashPassword = async (password: string): Promise<string> => {
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, KEYLEN, { N, r, p, maxmem: 256 * N * r });
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
};

export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const [scheme, n, rr, pp, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const cost = Number(n);
  const key = await scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64url'), expected.length, {
    N: cost,
    r: Number(rr),
    p: Number(pp),
    maxmem: 256 * cost * Number(rr),
  });
  return timingSafeEqual(key, expected);
};

/** A hash of a random password, compared against when the phone is unknown so both paths cost the same. */
let decoy: Promise<string> | null = null;
export const decoyPasswordHash = () => (decoy ??= hashPassword(randomBytes(16).toString('hex')));
