import { DeciderSpecification } from '@event-driven-io/emmett';
import { describe, expect, it } from 'vitest';
import { policyDocumentsDecider, type DocumentCommand } from './document.commands.ts';
import { evolvePolicyDocuments, initialPolicyDocuments, type DocumentEvent } from './document.events.ts';
import { policyVersionRows } from './versions.ts';

const now = new Date('2026-11-27T08:00:00.000Z');
const at = now.toISOString();
const orderId = 'o-1';
const system = { now, actor: 'system', system: true };
const file = (n: number) => ({
  verificationCode: `CODE-000${n}`,
  fileSha256: String(n).repeat(64),
  contentSha256: String(n + 1).repeat(64),
  pages: 1,
  bytes: 100_000 + n,
});
const facts = {
  endorsementId: 'e-2',
  endorsementNo: 'PD0002',
  version: 2,
  effectiveDate: '2026-12-01',
  premiumDifference: -120.5,
};

const first: DocumentEvent = {
  type: 'PolicyDocumentIssued',
  data: { orderId, documentId: 'd-1', policyNo: 'P-1', ...file(1), issuedAt: at },
};
const issueVersion2: DocumentCommand = {
  type: 'IssuePolicyDocument',
  data: { orderId, documentId: 'd-2', policyNo: 'P-1', version: 2, ...file(2) },
  metadata: system,
};
const version2: DocumentEvent = {
  type: 'PolicyDocumentIssued',
  data: { orderId, documentId: 'd-2', policyNo: 'P-1', version: 2, ...file(2), issuedAt: at },
};
const issueEndorsement: DocumentCommand = {
  type: 'IssueEndorsementDocument',
  data: { orderId, documentId: 'b-2', policyNo: 'P-1', ...facts, ...file(3) },
  metadata: system,
};
const endorsement: DocumentEvent = {
  type: 'EndorsementDocumentIssued',
  data: { orderId, documentId: 'b-2', policyNo: 'P-1', ...facts, ...file(3), issuedAt: at },
};

const spec = DeciderSpecification.for(policyDocumentsDecider);

describe('policy versions and 批单', () => {
  it('issues one 电子保单 per version and one 批单 per version; a job run again records nothing', () => {
    spec([first]).when(issueVersion2).then([version2]);
    spec([first, version2]).when(issueVersion2).thenNothingHappened();
    spec([first]).when(issueEndorsement).then([endorsement]);
    spec([first, endorsement]).when(issueEndorsement).thenNothingHappened();
    // Re-issuing version 1 after a later version changes nothing either.
    spec([first, version2])
      .when({ ...issueVersion2, data: { ...issueVersion2.data, version: undefined } })
      .thenNothingHappened();
  });

  it('keeps the current version as the policy (the default download) and every version beside it', () => {
    const state = [first, endorsement, version2].reduce(evolvePolicyDocuments, initialPolicyDocuments());
    if (state.status !== 'open') throw new Error('open');
    expect(state.policy).toMatchObject({ documentId: 'd-2', version: 2 });
    expect(state.policyVersions?.map((p) => p.documentId)).toEqual(['d-1', 'd-2']);
    expect(state.endorsements?.map((e) => e.endorsementNo)).toEqual(['PD0002']);
    // A later version issued before the first keeps the later one current.
    const early = [version2, first].reduce(evolvePolicyDocuments, initialPolicyDocuments());
    expect(early.status === 'open' && early.policy?.documentId).toBe('d-2');
  });

  it('lists the versions newest first, with what is still being rendered as null', () => {
    const state = [first, endorsement].reduce(evolvePolicyDocuments, initialPolicyDocuments());
    const rows = policyVersionRows(state, {
      currentVersion: 2,
      versions: [{ version: 2, endorsementNo: 'PD0002', effectiveDate: '2026-12-01' }],
    });
    expect(rows).toEqual([
      {
        version: 2,
        endorsementNo: 'PD0002',
        effectiveDate: '2026-12-01',
        premiumDifference: -120.5,
        current: true,
        policy: null,
        endorsement: {
          fileName: '批单-PD0002.pdf',
          issuedAt: at,
          verificationCode: 'CODE-0003',
          contentSha256: '4'.repeat(64),
        },
      },
      {
        version: 1,
        endorsementNo: null,
        effectiveDate: null,
        premiumDifference: null,
        current: false,
        policy: {
          fileName: '电子保单-P-1.pdf',
          issuedAt: at,
          verificationCode: 'CODE-0001',
          contentSha256: '2'.repeat(64),
        },
        endorsement: null,
      },
    ]);
  });
});
