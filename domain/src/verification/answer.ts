import type { VerificationAnswer } from './api.ts';
import type { VerificationRecord } from './record.ts';
import { periodText, policyPeriod, verificationStatus, verificationStatusText } from './status.ts';

/** One issued document as the code index holds it (read-models verification, keyed by the code's SHA-256). */
export type IssuedDocument = {
  orderId: string;
  kind: 'policy' | 'certificate' | 'endorsement';
  certificateId: string | null;
  fileSha256: string;
  contentSha256: string;
  /** The version a 电子保单 prints or a 批单 made; absent on the first issue (1). */
  version?: number;
  /** A 批单's number and effective date. */
  endorsementNo?: string;
  effectiveDate?: string;
};

export const notFoundAnswer: VerificationAnswer = {
  status: 'notFound',
  statusText: verificationStatusText.notFound,
  document: null,
};

const kindText = { policy: '电子保单', certificate: '投保证明', endorsement: '批单' } as const;

/**
 * The public answer for an issued document at `now`: its status and only the fields docs/api/verify.md
 * lists. A document whose policy facts are not projected yet, or a certificate the record does not
 * know, answers 不存在 rather than guessing.
 */
export const verificationAnswer = (
  issued: IssuedDocument | null,
  record: VerificationRecord | null,
  now: Date,
): VerificationAnswer => {
  const policy = record?.policy;
  if (!issued || !policy) return notFoundAnswer;
  const certificate = issued.certificateId ? record.certificates[issued.certificateId] : undefined;
  if (issued.kind === 'certificate' && !certificate) return notFoundAnswer;
  const status = verificationStatus({ ...policy, withdrawn: certificate?.withdrawn ?? false }, now);
  const { startDay, endDay } = policyPeriod(policy.startDate, policy.endDate);
  return {
    status,
    statusText: verificationStatusText[status],
    document: {
      kind: issued.kind,
      kindText: kindText[issued.kind],
      insurer: policy.insurer,
      policyholder: policy.policyholder,
      period: { startDate: startDay, endDate: endDay, text: periodText(policy.startDate, policy.endDate) },
      covers: policy.covers,
      droneCount: policy.droneCount,
      holder: certificate?.holder ?? null,
      contentSha256: issued.contentSha256,
      ...versionFacts(issued, policy.version ?? 1),
    },
  };
};

/**
 * Which version the document is and which is current: an earlier version's 电子保单 still verifies (the
 * policy stands) but says it was endorsed since; a 批单 names its number, version and effective date.
 */
const versionFacts = (issued: IssuedDocument, currentVersion: number) => {
  const version = issued.version ?? 1;
  // A certificate, and a policy never endorsed, answer as they did before versions.
  if (issued.kind === 'certificate' || (issued.kind === 'policy' && version === 1 && currentVersion === 1)) return {};
  return {
    version,
    currentVersion,
    versionText:
      issued.kind === 'endorsement'
        ? `批单，批改后为第${version}版${version < currentVersion ? `（已再次批改，当前为第${currentVersion}版）` : ''}`
        : version < currentVersion
          ? `已批改，当前为第${currentVersion}版`
          : currentVersion > 1
            ? `第${version}版（当前版本）`
            : null,
    endorsement:
      issued.kind === 'endorsement'
        ? {
            endorsementNo: issued.endorsementNo ?? '',
            version,
            effectiveDate: (issued.effectiveDate ?? '').slice(0, 10),
          }
        : null,
  };
};
