import Router from '@koa/router';
import type { Context } from 'koa';
import type { z } from 'zod';
import {
  certificateFileName,
  certificateStatusText,
  policyFileName,
  type CertificateRow,
  type PolicyDocumentsAnswer,
} from '@feibao/domain/documents/api';
import { certificateIdQuery, orderIdQuery } from '@feibao/domain/documents/certificateForm';
import {
  certificateNumber,
  endorsementOf,
  initialPolicyDocuments,
  policyVersionOf,
  orderIdOfCertificate,
  type Certificate,
  type PolicyDocuments,
} from '@feibao/domain/documents/document.events';
import {
  allowedCertificateActions,
  allowedPolicyDocumentActions,
  mayDownloadCertificate,
  mayDownloadPolicy,
  mayReadPolicyDocuments,
  type PolicyFacts,
} from '@feibao/domain/documents/guards';
import { documentMessages as m } from '@feibao/domain/documents/messages';
import { endorsementFileName, policyVersionFileName } from '@feibao/domain/documents/endorsement';
import {
  endorsementDocumentQuery,
  policyDocumentQuery,
  policyVersionRows,
  versionMessages as v,
} from '@feibao/domain/documents/versions';
import type { OrderActor } from '@feibao/domain/ordering/guards';
import { maskIdCard } from '@feibao/domain/shared/masking';
import { ResultCode } from '@feibao/domain/shared/codes';
import { caller } from '@feibao/platform/http/auth';
import { HttpError, ok } from '@feibao/platform/http/envelope';
import { input, validate } from '@feibao/platform/http/validate';
import { documentFiles } from '@feibao/read-models/documents/files';
import { POLICY_DOCUMENTS_PROJECTION } from '@feibao/read-models/documents/projection';
import { policyDocumentsReader } from '@feibao/read-models/documents/reader';
import { orderReader } from '@feibao/read-models/ordering/orders/reader';
import { ORDERS_PROJECTION } from '@feibao/read-models/projections';
import type { QueryAppDeps } from '../deps.ts';

/** The documents reads answer from the orders and the documents projections (read-your-writes scope). */
export const documentReadScopes: [string, readonly string[]][] = [
  ['/api/v1/uav/order/certificate/list', [ORDERS_PROJECTION, POLICY_DOCUMENTS_PROJECTION]],
  ['/api/v1/uav/order/certificate/download', [ORDERS_PROJECTION, POLICY_DOCUMENTS_PROJECTION]],
  ['/api/v1/uav/order/policyDocument', [ORDERS_PROJECTION, POLICY_DOCUMENTS_PROJECTION]],
  ['/api/v1/uav/order/endorsementDocument', [ORDERS_PROJECTION, POLICY_DOCUMENTS_PROJECTION]],
];

/** RFC 6266/5987: the Chinese name for browsers that read `filename*`, an ASCII one for the rest. */
export const attachment = (name: string, asciiName: string) =>
  `attachment; filename="${asciiName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

const refuse = (refusal: Error | null) => {
  if (refusal) throw refusal;
};

/**
 * 电子保单 and 投保证明 (docs/api/documents.md): downloads of the issued files and the list of a
 * policy's certificates. Who may read which is the domain's guards' (documents/guards.ts); someone
 * else's order reads as missing.
 */
export const documentQueryRoutes = (deps: QueryAppDeps) => {
  const router = new Router({ prefix: '/api/v1/uav' });
  const orders = orderReader(deps.pool);
  const documents = policyDocumentsReader(deps.pool);
  const files = documentFiles(deps.pool);

  const actor = (ctx: Context): OrderActor => {
    const me = caller(ctx);
    return { actor: me.sub, roles: me.roles };
  };
  /** The order's owner and state, its policy number and its documents so far. */
  const policyOf = async (orderId: string) => {
    const doc = await orders.byId(orderId);
    if (!doc) throw new HttpError(ResultCode.notFound, m.orderNotFound);
    const facts: PolicyFacts = { owner: doc.userName, state: doc.state };
    const docs: PolicyDocuments = (await documents.byOrder(orderId)) ?? initialPolicyDocuments();
    const order = doc.order;
    const known = {
      currentVersion: 'policyNo' in order ? (order.version ?? 1) : 1,
      versions: 'policyNo' in order ? (order.versions ?? []) : [],
    };
    return { facts, policyNo: doc.policyNo, docs, known };
  };
  const sendPdf = async (ctx: Context, fileSha256: string, name: string, asciiName: string) => {
    const file = await files.get(fileSha256);
    if (!file) throw new HttpError(ResultCode.notFound, m.orderNotFound);
    ctx.status = 200;
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', attachment(name, asciiName));
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = file.bytes;
  };
  const rowOf = (facts: PolicyFacts, policyNo: string | null, c: Certificate, who: OrderActor): CertificateRow => ({
    certificateId: c.certificateId,
    certificateNo: policyNo ? certificateNumber(policyNo, c.sequence) : String(c.sequence),
    holder: { ...c.holder, idNumber: maskIdCard(c.holder.idNumber) ?? '' },
    status: c.status,
    statusText: certificateStatusText[c.status],
    addedAt: c.addedAt,
    issuedAt: c.status === 'pending' ? null : (c.file?.issuedAt ?? null),
    withdrawnAt: c.status === 'withdrawn' ? c.withdrawnAt : null,
    actions: allowedCertificateActions(facts, c, who),
  });

  router.get('/order/policyDocument', validate(policyDocumentQuery, 'query'), async (ctx) => {
    const { id, version } = input<z.output<typeof policyDocumentQuery>>(ctx);
    const { facts, docs } = await policyOf(id);
    refuse(mayDownloadPolicy(facts, docs, actor(ctx)));
    // Without a version, the current one (the latest issued): what the order's 电子保单 button downloads.
    const policy =
      version === undefined ? (docs.status === 'open' ? docs.policy : null) : policyVersionOf(docs, version);
    if (!policy) throw new HttpError(ResultCode.conflict, version ? v.versionNotIssued : m.policyNotIssuedShort);
    const n = policy.version ?? 1;
    await sendPdf(
      ctx,
      policy.fileSha256,
      n > 1 ? policyVersionFileName(policy.policyNo, n) : policyFileName(policy.policyNo),
      n > 1 ? `policy-${policy.policyNo}-v${n}.pdf` : `policy-${policy.policyNo}.pdf`,
    );
  });

  router.get('/order/endorsementDocument', validate(endorsementDocumentQuery, 'query'), async (ctx) => {
    const { id, version } = input<z.output<typeof endorsementDocumentQuery>>(ctx);
    const { facts, docs } = await policyOf(id);
    refuse(mayReadPolicyDocuments(facts, actor(ctx)));
    const endorsement = endorsementOf(docs, version ?? 0);
    if (!endorsement) throw new HttpError(ResultCode.conflict, v.endorsementNotIssued);
    await sendPdf(
      ctx,
      endorsement.fileSha256,
      endorsementFileName(endorsement.endorsementNo),
      `endorsement-${endorsement.endorsementNo}.pdf`,
    );
  });

  router.get('/order/certificate/list', validate(orderIdQuery, 'query'), async (ctx) => {
    const { id } = input<z.output<typeof orderIdQuery>>(ctx);
    const { facts, policyNo, docs, known } = await policyOf(id);
    const who = actor(ctx);
    refuse(mayReadPolicyDocuments(facts, who));
    const policy = docs.status === 'open' ? docs.policy : null;
    ok(ctx, {
      orderId: id,
      policyNo,
      policy: policy && {
        documentId: policy.documentId,
        policyNo: policy.policyNo,
        fileName: policyFileName(policy.policyNo),
        issuedAt: policy.issuedAt,
        pages: policy.pages,
        bytes: policy.bytes,
        verificationCode: policy.verificationCode,
        contentSha256: policy.contentSha256,
      },
      actions: allowedPolicyDocumentActions(facts, docs, who),
      versions: policyNo ? policyVersionRows(docs, known) : [],
      certificates:
        docs.status === 'open' ? docs.certificates.map((c) => rowOf(facts, policyNo, c, who)).reverse() : [],
    } satisfies PolicyDocumentsAnswer);
  });

  router.get('/order/certificate/download', validate(certificateIdQuery, 'query'), async (ctx) => {
    const { id } = input<z.output<typeof certificateIdQuery>>(ctx);
    const orderId = orderIdOfCertificate(id);
    if (!orderId) throw new HttpError(ResultCode.notFound, m.certificateNotFound);
    const { facts, policyNo, docs } = await policyOf(orderId);
    const certificate = docs.status === 'open' ? docs.certificates.find((c) => c.certificateId === id) : undefined;
    refuse(mayDownloadCertificate(facts, certificate, actor(ctx)));
    if (certificate?.status !== 'issued') throw new HttpError(ResultCode.conflict, m.certificateNotIssued);
    const number = policyNo ? certificateNumber(policyNo, certificate.sequence) : certificate.certificateId;
    await sendPdf(ctx, certificate.file.fileSha256, certificateFileName(number), `certificate-${number}.pdf`);
  });

  return router;
};
