import { createHash } from 'node:crypto';
import { orderEventTypes, type OrderEvent } from '@feibao/domain/ordering/order.events';
import type { IssuedDocument } from '@feibao/domain/verification/answer';
import { normaliseCode } from '@feibao/domain/verification/code';
import { maskPartyName } from '@feibao/domain/verification/masking';
import {
  evolveVerificationDocuments,
  evolveVerificationOrder,
  initialVerificationRecord,
  partyEventTypes,
  partyNameOf,
  verifiedDocumentEventTypes,
  type PartyEvent,
  type VerificationRecord,
  type VerifiedDocumentEvent,
} from '@feibao/domain/verification/record';
import { defineProjection, type RecordedEvent } from '@feibao/platform/projections/projection';
import { documentCollection } from '@feibao/platform/documents';
import type { PoolClient } from '@feibao/platform/db';

export const VERIFICATION_RECORDS = 'verification_records';
export const VERIFICATION_CODES = 'verification_codes';
export const VERIFICATION_PARTIES = 'verification_parties';

export const verificationRecords = documentCollection<VerificationRecord>(VERIFICATION_RECORDS);
export const verificationCodes = documentCollection<IssuedDocument>(VERIFICATION_CODES);
/** An account's name as a verification shows it: masked (domain verification/masking.ts), never whole. */
export const verificationParties = documentCollection<{ name: string }>(VERIFICATION_PARTIES);

/** The key of the code index: SHA-256 of the normalised code, so the table never holds a code and a probe compares digests. */
export const codeDigest = (normalisedCode: string) => createHash('sha256').update(normalisedCode).digest('hex');

const partyTypes = new Set<string>(partyEventTypes);
const documentTypes = new Set<string>(verifiedDocumentEventTypes);

const codeEntry = (event: VerifiedDocumentEvent): [string, IssuedDocument] | null => {
  if (event.type === 'CertificateHolderAdded' || event.type === 'CertificateWithdrawn') return null;
  const code = normaliseCode(event.data.verificationCode);
  if (!code) return null;
  return [
    codeDigest(code),
    {
      orderId: event.data.orderId,
      kind:
        event.type === 'PolicyDocumentIssued'
          ? 'policy'
          : event.type === 'EndorsementDocumentIssued'
            ? 'endorsement'
            : 'certificate',
      certificateId: event.type === 'CertificateIssued' ? event.data.certificateId : null,
      fileSha256: event.data.fileSha256.toLowerCase(),
      contentSha256: event.data.contentSha256.toLowerCase(),
      ...(event.type === 'PolicyDocumentIssued' && event.data.version ? { version: event.data.version } : {}),
      ...(event.type === 'EndorsementDocumentIssued'
        ? {
            version: event.data.version,
            endorsementNo: event.data.endorsementNo,
            effectiveDate: event.data.effectiveDate,
          }
        : {}),
    },
  ];
};

/**
 * Orders, documents and accounts in one projection, in the global order: the policyholder is named as
 * their account stood at underwriting, and a rebuild gives the same answer. One read and one write per
 * table for a batch; issued documents' code rows are written once (a redelivered event rewrites the same row).
 */
const applyVerificationEvents = async (events: RecordedEvent[], client: PoolClient) => {
  const records = verificationRecords.batch(client);
  const codes = verificationCodes.batch(client);
  const parties = verificationParties.batch(client);
  const orderIds = events.filter((e) => !partyTypes.has(e.type)).map((e) => String(e.data.orderId));
  await records.load(orderIds);
  const phones = new Set<string>();
  for (const event of events) {
    if (partyTypes.has(event.type)) phones.add(String(event.data.mobilePhone));
    else if (event.type === 'OrderDraftSaved') phones.add(String(event.data.owner));
    else if (event.type === 'PolicyUnderwritten') {
      const owner = records.get(String(event.data.orderId))?.owner;
      if (owner) phones.add(owner);
    }
  }
  await parties.load(phones);
  for (const event of events) {
    const known = { type: event.type, data: event.data };
    if (partyTypes.has(event.type)) {
      const party = known as PartyEvent;
      parties.put(party.data.mobilePhone, { name: maskPartyName(partyNameOf(party)) });
      continue;
    }
    const orderId = String(event.data.orderId);
    const before = records.get(orderId) ?? initialVerificationRecord(orderId);
    if (documentTypes.has(event.type)) {
      const documentEvent = known as VerifiedDocumentEvent;
      const entry = codeEntry(documentEvent);
      if (entry) codes.put(...entry);
      records.put(orderId, evolveVerificationDocuments(before, documentEvent));
      continue;
    }
    const after = evolveVerificationOrder(before, known as OrderEvent, (owner) =>
      phones.has(owner) ? (parties.get(owner)?.name ?? '***') : '***',
    );
    if (after !== before) records.put(orderId, after);
  }
  await parties.flush();
  await codes.flush();
  await records.flush();
};

export const verificationProjection = defineProjection({
  name: 'verification',
  version: 1,
  collections: [verificationRecords, verificationCodes, verificationParties],
  eventTypes: [...orderEventTypes, ...verifiedDocumentEventTypes, ...partyEventTypes],
  handle: (event: RecordedEvent, client: PoolClient) => applyVerificationEvents([event], client),
  handleBatch: (events: RecordedEvent[], client: PoolClient) => applyVerificationEvents(events, client),
});
