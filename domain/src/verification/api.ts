import type { VerificationStatus } from './status.ts';

/** What a verified document shows publicly: the list docs/api/verify.md gives, and nothing else. */
export type VerifiedDocument = {
  kind: 'policy' | 'certificate' | 'endorsement';
  /** 电子保单, 投保证明 or 批单. */
  kindText: string;
  insurer: string;
  /** Masked (verification/masking.ts). */
  policyholder: string;
  period: { startDate: string; endDate: string; text: string };
  /** Each cover with its sum insured in yuan, covers of several drones added up. */
  covers: { name: string; sumInsured: number }[];
  droneCount: number;
  /** A certificate's holder, masked; null on a policy. */
  holder: string | null;
  /** The fingerprint printed on the paper: SHA-256 of the document's canonical content. */
  contentSha256: string;
  /** A 电子保单's or 批单's policy version and the current one (absent on a certificate). */
  version?: number;
  currentVersion?: number;
  /** 已批改，当前为第N版 on an earlier version; null when there is nothing to say. */
  versionText?: string | null;
  /** A 批单's own facts; null on other documents. */
  endorsement?: { endorsementNo: string; version: number; effectiveDate: string } | null;
};

/** The answer of both verification routes. */
export type VerificationAnswer = {
  status: VerificationStatus;
  statusText: string;
  document: VerifiedDocument | null;
};
