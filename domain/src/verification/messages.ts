/** The Chinese texts of the verification routes. */
export const verificationMessages = {
  codeRequired: '请输入验证码',
  tooManyLookups: '查询过于频繁，请稍后再试',
  tooManyUploads: '上传验真过于频繁，请稍后再试',
  fileRequired: '请上传 PDF 文件',
  notPdf: '请上传 PDF 文件（文件内容不是 PDF）',
  fileTooLarge: '文件过大，请上传不超过 5 MB 的 PDF 文件',
  fileNotIssued: '该文件不是本平台签发的文件，或已被改动（任何一个字节的改动都会使校验失败）',
  fileGenuine: '文件校验通过：与本平台签发的文件完全一致',
  codeNotFound: '未找到该验证码对应的保单或投保证明',
  codeIssued: '验证码由本平台签发',
} as const;

/** Lookups per client address and minute (docs/security.md "Public verification"). */
export const VERIFY_CODE_LOOKUPS_PER_MINUTE = 30;
export const VERIFY_FILE_LOOKUPS_PER_MINUTE = 10;
/** Largest PDF taken for a file check; the platform's policies are far smaller. */
export const VERIFY_FILE_MAX_BYTES = 5 * 1024 * 1024;
/** Every answer takes at least this long from the request's start, found or not. */
export const VERIFY_ANSWER_FLOOR_MS = 150;
