/**
 * An amount in yuan written in Chinese capitals (大写), as a policy and an invoice print the total:
 * 1234.5 → 壹仟贰佰叁拾肆元伍角整. Rounded to the fen first; zeros read the way a bank reads them
 * (one 零 for a run of zeros inside a section, none at a section's end).
 */
const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'] as const;
const PLACES = ['', '拾', '佰', '仟'] as const;
const SECTIONS = ['', '万', '亿', '万亿'] as const;

/** One four-digit section (0–9999) without its section name; '' for 0. */
const sectionWords = (n: number): string => {
  let out = '';
  let zeroPending = false;
  for (let place = 3; place >= 0; place -= 1) {
    const digit = Math.floor(n / 10 ** place) % 10;
    if (digit === 0) {
      if (out !== '') zeroPending = true;
      continue;
    }
    if (zeroPending) out += '零';
    zeroPending = false;
    out += DIGITS[digit]! + PLACES[place]!;
  }
  return out;
};

const integerWords = (yuan: number): string => {
  if (yuan === 0) return '';
  const sections: number[] = [];
  for (let rest = yuan; rest > 0; rest = Math.floor(rest / 10_000)) sections.push(rest % 10_000);
  let out = '';
  let zeroPending = false;
  for (let i = sections.length - 1; i >= 0; i -= 1) {
    const section = sections[i]!;
    if (section === 0) {
      if (out !== '') zeroPending = true;
      continue;
    }
    // A section below 1000 after a higher one reads with a 零 in front: 壹万零伍拾.
    if (out !== '' && (zeroPending || section < 1000)) out += '零';
    zeroPending = false;
    out += sectionWords(section) + SECTIONS[i]!;
  }
  return out;
};

export const MAX_AMOUNT_IN_WORDS = 9_999_999_999_999.99;

export const amountInWords = (amount: number): string => {
  if (!Number.isFinite(amount) || amount < 0 || amount > MAX_AMOUNT_IN_WORDS)
    throw new RangeError(`amount out of range: ${amount}`);
  const fen = Math.round(amount * 100);
  const yuan = Math.floor(fen / 100);
  const jiao = Math.floor(fen / 10) % 10;
  const cents = fen % 10;
  if (fen === 0) return '零元整';
  const whole = integerWords(yuan);
  let out = whole === '' ? '' : `${whole}元`;
  if (jiao === 0 && cents === 0) return `${out}整`;
  if (jiao > 0) out += `${DIGITS[jiao]}角`;
  else if (whole !== '') out += '零';
  if (cents > 0) return `${out}${DIGITS[cents]}分`;
  return `${out}整`;
};
