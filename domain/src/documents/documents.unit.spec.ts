import { DeciderSpecification } from '@event-driven-io/emmett';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors.ts';
import { ResultCode } from '../shared/codes.ts';
import { OrderState } from '../ordering/order.events.ts';
import { policyDocumentsDecider, type DocumentCommand } from './document.commands.ts';
import {
  certificateIdFor,
  evolvePolicyDocuments,
  initialPolicyDocuments,
  orderIdOfCertificate,
  type DocumentEvent,
} from './document.events.ts';
import { allowedCertificateActions, allowedPolicyDocumentActions, type PolicyFacts } from './guards.ts';
import { documentMessages } from './messages.ts';
import { certificateHolderSchema, isValidCreditCode } from './certificateForm.ts';
import { encodeVerificationCode, normaliseVerificationCode } from './verificationCode.ts';
import { canonicalJson } from './canonicalJson.ts';

const now = new Date('2026-11-21T08:00:00.000Z');
const at = now.toISOString();
const orderId = 'o-1';
const owner = '13912345678';
const certificateId = certificateIdFor(orderId, 'a1b2c3');
const system = { now, actor: 'system', system: true };
const customer = { now, actor: owner, roles: ['user'] };
const stranger = { now, actor: '13800000000', roles: ['user'] };
const inForce: PolicyFacts = { owner, state: OrderState.inForce };
const file = {
  verificationCode: 'ABCD-EFGH',
  fileSha256: 'f'.repeat(64),
  contentSha256: 'c'.repeat(64),
  pages: 2,
  bytes: 90_000,
};
const holder = { name: '上海某建设工程有限公司', idNumber: '91310000MA1FL0000X', address: null, purpose: '张江项目' };

const issuePolicy: DocumentCommand = {
  type: 'IssuePolicyDocument',
  data: { orderId, documentId: 'd-1', policyNo: 'P-1', ...file },
  metadata: system,
};
const policyIssued: DocumentEvent = {
  type: 'PolicyDocumentIssued',
  data: { orderId, documentId: 'd-1', policyNo: 'P-1', ...file, issuedAt: at },
};
const addHolder = (metadata = customer, order = inForce): DocumentCommand => ({
  type: 'AddCertificateHolder',
  data: { orderId, certificateId, holder, order },
  metadata,
});
const holderAdded: DocumentEvent = {
  type: 'CertificateHolderAdded',
  data: { orderId, certificateId, holder, addedBy: owner, addedAt: at },
};
const issueCertificate: DocumentCommand = {
  type: 'IssueCertificate',
  data: { orderId, certificateId, ...file },
  metadata: system,
};
const certificateIssued: DocumentEvent = {
  type: 'CertificateIssued',
  data: { orderId, certificateId, ...file, issuedAt: at },
};
const withdraw = (metadata = customer): DocumentCommand => ({
  type: 'WithdrawCertificate',
  data: { orderId, certificateId, order: inForce },
  metadata,
});
const withdrawn: DocumentEvent = {
  type: 'CertificateWithdrawn',
  data: { orderId, certificateId, withdrawnBy: owner, withdrawnAt: at },
};

const spec = DeciderSpecification.for(policyDocumentsDecider);
const refusedWith = (message: string, code: number) =>
  [DomainError, (e: DomainError) => e.message === message && e.code === code] as const;

describe('policy documents decider', () => {
  it('issues the policy once: a repeated render job records nothing', () => {
    spec([]).when(issuePolicy).then([policyIssued]);
    spec([policyIssued]).when(issuePolicy).thenNothingHappened();
  });

  it('lets only the workers issue', () => {
    spec([])
      .when({ ...issuePolicy, metadata: customer })
      .thenThrows(...refusedWith(documentMessages.systemOnly, ResultCode.forbidden));
  });

  it('adds a certificate holder on an issued policy, once per id', () => {
    // Emmett's subset check cannot compare the holder's nulls: compared whole here.
    const decide = (given: DocumentEvent[], command: DocumentCommand) =>
      policyDocumentsDecider.decide(command, given.reduce(evolvePolicyDocuments, initialPolicyDocuments()));
    expect(decide([policyIssued], addHolder())).toEqual([holderAdded]);
    expect(decide([policyIssued, holderAdded], addHolder())).toEqual([]);
    expect(decide([], addHolder(customer, { owner, state: OrderState.underwritten }))).toEqual([holderAdded]);
  });

  it('refuses holders on orders that are not an issued policy, and to anyone but the owner', () => {
    for (const state of [OrderState.quoted, OrderState.insured, OrderState.lapsed])
      spec([])
        .when(addHolder(customer, { owner, state }))
        .thenThrows(...refusedWith(documentMessages.certificateOnlyWhenIssued, ResultCode.conflict));
    spec([])
      .when(addHolder(stranger))
      .thenThrows(...refusedWith(documentMessages.orderNotFound, ResultCode.notFound));
  });

  it('issues a certificate once, and not after it was withdrawn', () => {
    spec([holderAdded]).when(issueCertificate).then([certificateIssued]);
    spec([holderAdded, certificateIssued]).when(issueCertificate).thenNothingHappened();
    spec([holderAdded, withdrawn]).when(issueCertificate).thenNothingHappened();
    spec([])
      .when(issueCertificate)
      .thenThrows(...refusedWith(documentMessages.certificateNotFound, ResultCode.notFound));
  });

  it('withdraws a certificate for its owner only, once', () => {
    spec([holderAdded, certificateIssued]).when(withdraw()).then([withdrawn]);
    spec([holderAdded, certificateIssued, withdrawn]).when(withdraw()).thenNothingHappened();
    spec([holderAdded])
      .when(withdraw(stranger))
      .thenThrows(...refusedWith(documentMessages.orderNotFound, ResultCode.notFound));
    spec([])
      .when(withdraw())
      .thenThrows(...refusedWith(documentMessages.certificateNotFound, ResultCode.notFound));
  });

  it('keeps the file of a withdrawn certificate and numbers holders in order', () => {
    const second: DocumentEvent = {
      type: 'CertificateHolderAdded',
      data: { ...holderAdded.data, certificateId: certificateIdFor(orderId, 'zz') } as never,
    };
    const state = [holderAdded, certificateIssued, withdrawn, second].reduce(
      evolvePolicyDocuments,
      initialPolicyDocuments(),
    );
    if (state.status !== 'open') throw new Error('open expected');
    expect(state.certificates.map((c) => [c.sequence, c.status])).toEqual([
      [1, 'withdrawn'],
      [2, 'pending'],
    ]);
    expect(state.certificates[0]).toMatchObject({ file: { fileSha256: file.fileSha256 } });
  });

  it('lists the actions the guards allow', () => {
    const docs = [policyIssued, holderAdded, certificateIssued].reduce(evolvePolicyDocuments, initialPolicyDocuments());
    if (docs.status !== 'open') throw new Error('open expected');
    expect(allowedPolicyDocumentActions(inForce, docs, customer)).toEqual(['downloadPolicy', 'addCertificate']);
    expect(allowedPolicyDocumentActions(inForce, initialPolicyDocuments(), customer)).toEqual(['addCertificate']);
    expect(allowedPolicyDocumentActions(inForce, docs, { ...stranger, roles: ['admin'] })).toEqual(['downloadPolicy']);
    expect(allowedPolicyDocumentActions(inForce, docs, stranger)).toEqual([]);
    expect(allowedCertificateActions(inForce, docs.certificates[0]!, customer)).toEqual(['download', 'withdraw']);
    expect(allowedCertificateActions(inForce, docs.certificates[0]!, { ...stranger, roles: ['claims'] })).toEqual([
      'download',
    ]);
  });

  it('finds the order of a certificate from its id', () => {
    expect(orderIdOfCertificate(certificateId)).toBe(orderId);
    expect(orderIdOfCertificate('no-dot')).toBeNull();
    expect(orderIdOfCertificate('trailing.')).toBeNull();
  });
});

describe('certificate holder form', () => {
  it('takes a credit code or a resident ID number, with Chinese refusals', () => {
    expect(isValidCreditCode('91310000MA1FL0000X')).toBe(false);
    expect(isValidCreditCode('91350100M000100Y43')).toBe(true);
    expect(certificateHolderSchema.safeParse({ name: '某公司', idNumber: '91350100m000100y43' }).data).toEqual({
      name: '某公司',
      idNumber: '91350100M000100Y43',
      address: null,
      purpose: null,
    });
    expect(certificateHolderSchema.safeParse({ name: '张三', idNumber: '11010519491231002X' }).success).toBe(true);
    const bad = certificateHolderSchema.safeParse({ name: '张三', idNumber: '110105194912310021' });
    expect(bad.error?.issues[0]?.message).toBe(documentMessages.holderIdFormat);
    const blank = certificateHolderSchema.safeParse({ name: ' ', idNumber: '' });
    expect(blank.error?.issues.map((i) => i.message)).toEqual([
      documentMessages.holderNameRequired,
      documentMessages.holderIdRequired,
    ]);
  });
});

describe('verification codes and canonical JSON', () => {
  it('writes 160 random bits as eight groups of Crockford base32', () => {
    const code = encodeVerificationCode(new Uint8Array(20).fill(255));
    expect(code).toBe('ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ');
    expect(encodeVerificationCode(new Uint8Array(20))).toMatch(/^(0000-){7}0000$/);
    expect(() => encodeVerificationCode(new Uint8Array(15))).toThrow(RangeError);
  });

  it('reads a typed code back in its printed form', () => {
    const code = encodeVerificationCode(Uint8Array.from({ length: 20 }, (_, i) => i * 13));
    expect(normaliseVerificationCode(code.toLowerCase().replace(/-/g, ' '))).toBe(code);
    expect(normaliseVerificationCode('not a code')).toBeNull();
  });

  it('sorts keys and drops undefined', () => {
    expect(canonicalJson({ b: 1, a: [1, { d: undefined, c: '中' }], e: null })).toBe(
      '{"a":[1,{"c":"中"}],"b":1,"e":null}',
    );
    expect(() => canonicalJson({ x: Number.NaN })).toThrow(TypeError);
  });
});
