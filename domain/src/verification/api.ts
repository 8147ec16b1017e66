import type { VerificationStatus } from './status.ts';

/** What a verified document shows publicly: the list docs/api/verify.md gives, and nothing else. */
export type VerifiedDocument = {
  kind: 'policy' | 'certificate';
  /** 电子保单 or 投保证明. */
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
};

/** The answer of both verification routes. */
export type VerificationAnswer = {
  status: VerificationStatus;
  statusText: string;
  document: VerifiedDocument | null;
};
