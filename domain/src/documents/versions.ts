import { z } from 'zod';
import { documentMessages as m } from './messages.ts';
import { endorsementOf, policyVersionOf, policyVersionsOf, type PolicyDocuments } from './document.events.ts';
import { endorsementFileName, policyVersionFileName } from './endorsement.ts';

/**
 * A policy's versions as the documents list shows them (docs/api/documents.md "Versions"): each version's
 * 电子保单 and, after the first, the 批单 that made it, with what a download names.
 */

export const versionMessages = {
  versionFormat: '保单版本应为正整数',
  versionNotIssued: '该版本的保单文件尚未生成',
  endorsementNotIssued: '该版本的批单尚未生成',
  endorsementVersionRequired: '请指定批单对应的保单版本',
} as const;

const version = z.coerce
  .number({ error: versionMessages.versionFormat })
  .int({ error: versionMessages.versionFormat })
  .min(1, { error: versionMessages.versionFormat })
  .max(10_000, { error: versionMessages.versionFormat });

const id = z.string({ error: m.orderIdRequired }).trim().min(1, { error: m.orderIdRequired }).max(64);

/** The 电子保单 download: a version names an earlier one; absent, the current version. */
export const policyDocumentQuery = z.object({ id, version: version.optional() });
/** The 批单 download: the version the 批改 made (2, 3, …). */
export const endorsementDocumentQuery = z.object({
  id,
  version: z.union([version, z.undefined()]).refine((v) => v !== undefined, {
    error: versionMessages.endorsementVersionRequired,
  }),
});

export type PolicyVersionRow = {
  version: number;
  /** Null on version 1 (the first issue). */
  endorsementNo: string | null;
  effectiveDate: string | null;
  premiumDifference: number | null;
  current: boolean;
  policy: { fileName: string; issuedAt: string; verificationCode: string; contentSha256: string } | null;
  endorsement: { fileName: string; issuedAt: string; verificationCode: string; contentSha256: string } | null;
};

/** Newest first; a version whose files are still being rendered has nulls where they will be. */
export const policyVersionRows = (
  docs: PolicyDocuments,
  known: { currentVersion: number; versions: { version: number; endorsementNo: string; effectiveDate: string }[] },
  premiumDifferences: Record<number, number> = {},
): PolicyVersionRow[] => {
  const numbers = new Set<number>([1, known.currentVersion, ...policyVersionsOf(docs).map((p) => p.version ?? 1)]);
  for (const v of known.versions) numbers.add(v.version);
  return [...numbers]
    .sort((a, b) => b - a)
    .map((n) => {
      const policy = policyVersionOf(docs, n);
      const endorsement = endorsementOf(docs, n);
      const facts = known.versions.find((v) => v.version === n);
      return {
        version: n,
        endorsementNo: endorsement?.endorsementNo ?? facts?.endorsementNo ?? null,
        effectiveDate: endorsement?.effectiveDate ?? facts?.effectiveDate ?? null,
        premiumDifference: endorsement?.premiumDifference ?? premiumDifferences[n] ?? null,
        current: n === known.currentVersion,
        policy: policy
          ? {
              fileName: policyVersionFileName(policy.policyNo, n),
              issuedAt: policy.issuedAt,
              verificationCode: policy.verificationCode,
              contentSha256: policy.contentSha256,
            }
          : null,
        endorsement: endorsement
          ? {
              fileName: endorsementFileName(endorsement.endorsementNo),
              issuedAt: endorsement.issuedAt,
              verificationCode: endorsement.verificationCode,
              contentSha256: endorsement.contentSha256,
            }
          : null,
      };
    });
};
