/** 13812341234 → 138****1234; anything not shaped like a mobile number is hidden whole. */
export const maskPhone = (phone: string): string => (/^\d{7,}$/.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****');

/** An ID number keeps its region (first six) and last four; the birth date in between is hidden. */
export const maskIdCard = (id: string | undefined): string | undefined =>
  id === undefined || id === '' ? id : id.length > 10 ? `${id.slice(0, 6)}${'*'.repeat(id.length - 10)}${id.slice(-4)}` : '****';
