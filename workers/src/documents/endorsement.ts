import { randomBytes, randomUUID } from 'node:crypto';
import { canonicalJson } from '@feibao/domain/documents/canonicalJson';
import type { Party, PolicyOrder } from '@feibao/domain/documents/content';
import type { DocumentCommand } from '@feibao/domain/documents/document.commands';
import { endorsementOf, policyVersionOf, type PolicyDocuments } from '@feibao/domain/documents/document.events';
import { endorsementContent, endorsementSpec, policyVersionContent } from '@feibao/domain/documents/endorsement';
import { layoutDocument } from '@feibao/domain/documents/layout';
import { policySpec } from '@feibao/domain/documents/specs';
import { encodeVerificationCode, VERIFICATION_CODE_BYTES } from '@feibao/domain/documents/verificationCode';
import {
  evolveOrder,
  initialOrder,
  orderStreamId,
  type Order,
  type OrderEvent,
  type PolicyEndorsed,
} from '@feibao/domain/ordering/order.events';
import type { EventStore } from '@feibao/platform/eventStore';
import { sha256Hex } from '@feibao/read-models/documents/files';
import { renderPdf } from '@feibao/read-models/documents/render';

type Parties = { policyholder: Party; insured: Party };
type Issue = { verificationCode: string; publicBaseUrl: string; issuedAt: Date };

const hasPolicy = (order: Order): order is PolicyOrder =>
  order.status === 'underwritten' || order.status === 'inForce' || order.status === 'lapsed';

/**
 * The policy as a 批改 left it and that 批改's event: the order folded up to its PolicyEndorsed, so a
 * job that runs after a later 批改 still prints this version. Null when the stream has no such version.
 */
export const orderAtVersion = async (
  eventStore: EventStore,
  orderId: string,
  version: number,
): Promise<{ order: PolicyOrder; endorsed: PolicyEndorsed['data'] } | null> => {
  const { events } = await eventStore.readStream<OrderEvent>(orderStreamId(orderId));
  let order = initialOrder();
  for (const event of events) {
    order = evolveOrder(order, event);
    if (event.type === 'PolicyEndorsed' && event.data.version === version)
      return hasPolicy(order) ? { order, endorsed: event.data } : null;
  }
  return null;
};

const compose = async (spec: ReturnType<typeof layoutDocument>, title: string, subject: string, at: Date) =>
  renderPdf(spec, { title, subject, issuedAt: at });

/**
 * One 批改's documents: its 批单, then the 电子保单 of the version it made, each skipped when issued
 * already (a job run again issues only what is missing; the decider accepts one of each per version).
 */
export const issueEndorsementDocuments = async (deps: {
  eventStore: EventStore;
  orderId: string;
  version: number;
  docs: PolicyDocuments;
  parties: Parties;
  publicBaseUrl: string;
  now: Date;
  put: (bytes: Buffer) => Promise<string>;
  run: (command: DocumentCommand) => Promise<unknown>;
  system: () => DocumentCommand['metadata'];
}): Promise<'issued' | 'skipped' | 'no-version'> => {
  const { orderId, version, docs } = deps;
  const found = await orderAtVersion(deps.eventStore, orderId, version);
  if (!found) return 'no-version';
  const { order, endorsed } = found;
  const issue = (): Issue => ({
    verificationCode: encodeVerificationCode(randomBytes(VERIFICATION_CODE_BYTES)),
    publicBaseUrl: deps.publicBaseUrl,
    issuedAt: deps.now,
  });
  let issued = false;

  if (!endorsementOf(docs, version)) {
    const at = issue();
    const content = endorsementContent(order, endorsed, deps.parties, at);
    const contentSha256 = sha256Hex(canonicalJson(content));
    const { bytes, pages } = await compose(
      layoutDocument(endorsementSpec(content, contentSha256)),
      `批单 ${endorsed.endorsementNo}`,
      '无人机保险批单',
      at.issuedAt,
    );
    const fileSha256 = await deps.put(bytes);
    await deps.run({
      type: 'IssueEndorsementDocument',
      data: {
        orderId,
        documentId: randomUUID(),
        policyNo: order.policyNo,
        endorsementId: endorsed.endorsementId,
        endorsementNo: endorsed.endorsementNo,
        version,
        effectiveDate: endorsed.effectiveDate,
        premiumDifference: endorsed.premiumDifference,
        verificationCode: at.verificationCode,
        fileSha256,
        contentSha256,
        pages,
        bytes: bytes.length,
      },
      metadata: deps.system(),
    });
    issued = true;
  }

  if (!policyVersionOf(docs, version)) {
    const at = issue();
    const content = policyVersionContent(order, deps.parties, at, { version, endorsementNo: endorsed.endorsementNo });
    const contentSha256 = sha256Hex(canonicalJson(content));
    const { bytes, pages } = await compose(
      layoutDocument(policySpec(content, contentSha256)),
      `电子保单 ${content.policyNo} 第${version}版`,
      '无人机保险电子保单',
      at.issuedAt,
    );
    const fileSha256 = await deps.put(bytes);
    await deps.run({
      type: 'IssuePolicyDocument',
      data: {
        orderId,
        documentId: randomUUID(),
        policyNo: order.policyNo,
        version,
        verificationCode: at.verificationCode,
        fileSha256,
        contentSha256,
        pages,
        bytes: bytes.length,
      },
      metadata: deps.system(),
    });
    issued = true;
  }
  return issued ? 'issued' : 'skipped';
};
