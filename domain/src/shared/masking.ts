/**
 * How personal numbers are shown to whoever does not need them whole (docs/security.md
 * "Personal data and logs"): a mobile number keeps its first three and last four digits, a resident ID number its
 * region (first six) and last four, so a person can still be told apart without being identified.
 */

/** 13812341234 → 138****1234; anything not shaped like a mobile number is hidden whole. */
export const maskPhone = (phone: string): string =>
  /^\d{7,}$/.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';

/** An ID number keeps its region (first six) and last four; the birth date in between is hidden. */
export const maskIdCard = (id: string | undefined): string | undefined =>
  id === undefined || id === ''
    ? id
    : id.length > 10
      ? `${id.slice(0, 6)}${'*'.repeat(id.length - 10)}${id.slice(-4)}`
      : '****';

/** An 18-character resident ID number standing alone (not part of a longer code). */
const ID_NUMBER_IN_TEXT = /(?<![0-9A-Za-z])(\d{6})\d{8}(\d{3}[\dXx])(?![0-9A-Za-z])/g;
/** A mainland mobile number standing alone (not part of a longer number). */
const PHONE_IN_TEXT = /(?<!\d)(1[3-9]\d)\d{4}(\d{4})(?!\d)/g;

/**
 * Free text (history details, remarks, log lines) with every ID number and mobile number in it
 * masked: people type them into remarks, and a diff row of the injured person's ID is text too.
 */
export const maskPersonalText = (text: string): string =>
  text.replace(ID_NUMBER_IN_TEXT, '$1********$2').replace(PHONE_IN_TEXT, '$1****$2');

/** Only the ID numbers of a text masked: where phones are shown whole on purpose (staff's own screens). */
export const maskIdNumbersIn = (text: string): string => text.replace(ID_NUMBER_IN_TEXT, '$1********$2');
