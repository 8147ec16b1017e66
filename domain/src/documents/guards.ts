import { hasRole } from '../accounts/roles.ts';
import { type DomainError, forbidden, illegalState, notFound } from '../shared/errors.ts';
import { OrderState, type OrderStateValue } from '../ordering/order.events.ts';
import type { OrderActor } from '../ordering/guards.ts';
import type { Certificate, PolicyDocuments } from './document.events.ts';
import { documentMessages as m } from './messages.ts';

/**
 * One guard per documents action: the decider refuses through them and the answers' `actions`
 * list the ones that pass, so the buttons and the commands cannot drift apart.
 */

/** What the guards need of the order the documents belong to (read from its stream or its read model). */
export type PolicyFacts = { owner: string; state: OrderStateValue };
export type Refusal = DomainError | null;

const issuedPolicy = (state: OrderStateValue) => state === OrderState.underwritten || state === OrderState.inForce;
const hadPolicy = (state: OrderStateValue) => issuedPolicy(state) || state === OrderState.lapsed;

/**
 * Reading a policy's documents: its owner, the staff who look at policies (claims staff handle
 * claims on it, admins see every order), the workers. Anyone else is told it does not exist.
 */
export const mayReadPolicyDocuments = (order: PolicyFacts, who: OrderActor): Refusal =>
  who.system === true || order.owner === who.actor || hasRole(who.roles ?? [], 'admin', 'claims')
    ? null
    : notFound(m.orderNotFound);

/** The certificates are the customer's to give: only the owner adds or withdraws them. */
const mayChangeCertificates = (order: PolicyFacts, who: OrderActor): Refusal =>
  order.owner === who.actor ? null : notFound(m.orderNotFound);

export const maySystemOnly = (who: OrderActor): Refusal => (who.system === true ? null : forbidden(m.systemOnly));

export const mayDownloadPolicy = (order: PolicyFacts, docs: PolicyDocuments, who: OrderActor): Refusal =>
  mayReadPolicyDocuments(order, who) ??
  (!hadPolicy(order.state)
    ? illegalState(m.policyOnlyWhenUnderwritten)
    : docs.status !== 'open' || !docs.policy
      ? illegalState(m.policyNotIssuedShort)
      : null);

export const mayAddCertificate = (order: PolicyFacts, who: OrderActor): Refusal =>
  mayChangeCertificates(order, who) ?? (issuedPolicy(order.state) ? null : illegalState(m.certificateOnlyWhenIssued));

export const mayWithdrawCertificate = (order: PolicyFacts, certificate: Certificate | undefined, who: OrderActor) =>
  mayChangeCertificates(order, who) ?? (certificate ? null : notFound(m.certificateNotFound));

export const mayDownloadCertificate = (
  order: PolicyFacts,
  certificate: Certificate | undefined,
  who: OrderActor,
): Refusal =>
  mayReadPolicyDocuments(order, who) ??
  (!certificate
    ? notFound(m.certificateNotFound)
    : certificate.status === 'withdrawn'
      ? illegalState(m.certificateWithdrawn)
      : certificate.status === 'pending'
        ? illegalState(m.certificateNotIssued)
        : null);

/** What a caller may do with a policy's documents (the order page's buttons). */
export const policyDocumentActions = ['downloadPolicy', 'addCertificate'] as const;
export type PolicyDocumentAction = (typeof policyDocumentActions)[number];
/** What a caller may do with one certificate (its row's buttons). */
export const certificateActions = ['download', 'withdraw'] as const;
export type CertificateAction = (typeof certificateActions)[number];

export const allowedPolicyDocumentActions = (
  order: PolicyFacts,
  docs: PolicyDocuments,
  who: OrderActor,
): PolicyDocumentAction[] =>
  policyDocumentActions.filter((action) =>
    action === 'downloadPolicy' ? mayDownloadPolicy(order, docs, who) === null : mayAddCertificate(order, who) === null,
  );

export const allowedCertificateActions = (
  order: PolicyFacts,
  certificate: Certificate,
  who: OrderActor,
): CertificateAction[] =>
  certificateActions.filter((action) =>
    action === 'download'
      ? mayDownloadCertificate(order, certificate, who) === null
      : certificate.status !== 'withdrawn' && mayWithdrawCertificate(order, certificate, who) === null,
  );
