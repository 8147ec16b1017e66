/**
 * Names on a public answer (docs/security.md "Public verification"): enough to recognise one's own
 * policy or certificate, not enough to learn who holds it. A short name (a person's) keeps its first
 * character (张三 → 张*); a longer one (an organisation's) its first and last characters around a fixed
 * `***`, so its length is not told either (飞保测绘科技有限公司 → 飞保测绘***公司).
 */
export const maskPartyName = (name: string): string => {
  const chars = [...name.trim()];
  if (chars.length === 0) return '***';
  if (chars.length === 1) return '*';
  if (chars.length <= 4) return `${chars[0]}${'*'.repeat(chars.length - 1)}`;
  if (chars.length <= 7) return `${chars.slice(0, 2).join('')}***${chars.at(-1)}`;
  return `${chars.slice(0, 4).join('')}***${chars.slice(-2).join('')}`;
};
