import {
  evolveOrder,
  initialOrder,
  type Order,
  type OrderEvent,
  type PolicyEndorsed,
} from '../ordering/order.events.ts';
import type { UserProfileUpdated, UserRegistered } from '../accounts/user.events.ts';
import { maskPartyName } from './masking.ts';

/**
 * The documents events verification reads (the `policy-documents-<orderId>` stream, docs/api/documents.md),
 * only the fields it uses.
 */
export type VerifiedDocumentEvent =
  | {
      type: 'PolicyDocumentIssued';
      data: { orderId: string; verificationCode: string; fileSha256: string; contentSha256: string; version?: number };
    }
  | {
      type: 'EndorsementDocumentIssued';
      data: {
        orderId: string;
        verificationCode: string;
        fileSha256: string;
        contentSha256: string;
        endorsementNo: string;
        version: number;
        effectiveDate: string;
      };
    }
  | {
      type: 'CertificateHolderAdded';
      data: { orderId: string; certificateId: string; holder: { name: string } };
    }
  | {
      type: 'CertificateIssued';
      data: {
        orderId: string;
        certificateId: string;
        verificationCode: string;
        fileSha256: string;
        contentSha256: string;
      };
    }
  | { type: 'CertificateWithdrawn'; data: { orderId: string; certificateId: string } };

export const verifiedDocumentEventTypes = [
  'PolicyDocumentIssued',
  'EndorsementDocumentIssued',
  'CertificateHolderAdded',
  'CertificateIssued',
  'CertificateWithdrawn',
] as const satisfies readonly VerifiedDocumentEvent['type'][];

export type PartyEvent = UserRegistered | UserProfileUpdated;
export const partyEventTypes = [
  'UserRegistered',
  'UserProfileUpdated',
] as const satisfies readonly PartyEvent['type'][];

/** The name a policy is issued to: the company's, else the person's, as the account stood. */
export const partyNameOf = (event: PartyEvent): string =>
  event.data.profile?.enterpriseName?.trim() || event.data.name?.trim() || '';

/** What a verification may show of a policy, fixed at underwriting. Names are stored masked. */
export type PublicPolicy = {
  insurer: string;
  policyholder: string;
  startDate: string;
  endDate: string;
  covers: { name: string; sumInsured: number }[];
  droneCount: number;
  lapsed: boolean;
  cancelled: boolean;
  /** The current version (批改); absent: 1. */
  version?: number;
};

/**
 * One per order. Until underwriting it keeps the order as the ordering domain folds it, without its
 * pilots (the covers the chosen insurer quoted are known only then); from underwriting on only the
 * public extract, so nothing personal of the order stays in this model.
 */
export type VerificationRecord = {
  orderId: string;
  /** The owner's phone while the policyholder is still to be named; null from underwriting on. */
  owner: string | null;
  order: Order | null;
  policy: PublicPolicy | null;
  /** By certificate id: the holder's name, masked, and whether it was withdrawn. */
  certificates: Record<string, { holder: string; withdrawn: boolean }>;
};

export const initialVerificationRecord = (orderId: string): VerificationRecord => ({
  orderId,
  owner: null,
  order: initialOrder(),
  policy: null,
  certificates: {},
});

const YUAN_PER_UNIT = 10_000;

/** The covers the chosen insurer priced, each cover's sums insured added up over its drones, in yuan. */
export const publicCovers = (order: Extract<Order, { status: 'underwritten' }>) => {
  const chosen = order.insurers.find((p) => p.request.insurerId === order.insurer.id);
  const quoted = order.lines.filter((line) => chosen?.answers[line.key]?.kind === 'quoted');
  const byCover = new Map<string, number>();
  for (const line of quoted.length > 0 ? quoted : order.lines)
    byCover.set(line.insuranceTypeInfoName, (byCover.get(line.insuranceTypeInfoName) ?? 0) + line.insuranceAmount);
  return [...byCover].map(([name, amount]) => ({ name, sumInsured: Math.round(amount * YUAN_PER_UNIT * 100) / 100 }));
};

/** The covers and drones as a 批改 left them (the chosen insurer's answers are the event's). */
const endorsedPolicy = (policy: PublicPolicy, e: PolicyEndorsed['data']): PublicPolicy => {
  const quoted = new Set(e.answers.filter((a) => a.kind === 'quoted').map((a) => a.key));
  const byCover = new Map<string, number>();
  for (const line of e.lines.some((l) => quoted.has(l.key)) ? e.lines.filter((l) => quoted.has(l.key)) : e.lines)
    byCover.set(line.insuranceTypeInfoName, (byCover.get(line.insuranceTypeInfoName) ?? 0) + line.insuranceAmount);
  return {
    ...policy,
    covers: [...byCover].map(([name, amount]) => ({
      name,
      sumInsured: Math.round(amount * YUAN_PER_UNIT * 100) / 100,
    })),
    droneCount: e.form.uavInfoList.reduce((sum, drone) => sum + Math.max(drone.quantity ?? 1, 1), 0),
    version: Math.max(policy.version ?? 1, e.version),
  };
};

/**
 * The pilots (names, licence numbers) are the order's people and nothing verification shows: they are not
 * kept. The plan lines that count them were computed when the inquiry was recorded, so folding goes on alike.
 */
const withoutPilots = (order: Order): Order =>
  order.status === 'none' ? order : { ...order, form: { ...order.form, uavDriverInfoList: [] } };

const droneCountOf = (order: Order) => {
  if (order.status === 'none') return 0;
  return order.form.uavInfoList.reduce((sum, drone) => sum + Math.max(drone.quantity ?? 1, 1), 0);
};

/**
 * Folds an order event into the record. `policyholderOf` is the owner's masked name as their account
 * stands at this event (the projection keeps the accounts beside), read only at underwriting.
 */
export const evolveVerificationOrder = (
  record: VerificationRecord,
  event: OrderEvent,
  policyholderOf: (owner: string) => string,
): VerificationRecord => {
  switch (event.type) {
    case 'PolicyTookEffect':
      return record;
    case 'PolicyLapsed':
      return record.policy ? { ...record, policy: { ...record.policy, lapsed: true } } : record;
    // 退保: the policy answers 已退保 whatever its period says.
    case 'PolicyCancelled':
      return record.policy ? { ...record, policy: { ...record.policy, cancelled: true } } : record;
    case 'PolicyEndorsed':
      // The public facts follow the current version: what a verification of any version shows.
      return record.policy ? { ...record, policy: endorsedPolicy(record.policy, event.data) } : record;
    default: {
      if (!record.order) return record;
      const order = evolveOrder(record.order, event);
      const owner = order.status === 'none' ? record.owner : order.owner;
      if (order.status !== 'underwritten') return { ...record, owner, order: withoutPilots(order) };
      return {
        ...record,
        owner: null,
        order: null,
        policy: {
          insurer: order.insurer.name,
          policyholder: policyholderOf(order.owner),
          startDate: order.startDate,
          endDate: order.endDate,
          covers: publicCovers(order),
          droneCount: droneCountOf(order),
          lapsed: false,
          cancelled: false,
        },
      };
    }
  }
};

/** Folds a documents event into the record (the code index is the projection's: it hashes the codes). */
export const evolveVerificationDocuments = (
  record: VerificationRecord,
  event: VerifiedDocumentEvent,
): VerificationRecord => {
  switch (event.type) {
    case 'PolicyDocumentIssued':
    case 'CertificateIssued':
    case 'EndorsementDocumentIssued':
      return record;
    case 'CertificateHolderAdded':
      return {
        ...record,
        certificates: {
          ...record.certificates,
          [event.data.certificateId]: { holder: maskPartyName(event.data.holder.name), withdrawn: false },
        },
      };
    case 'CertificateWithdrawn': {
      const known = record.certificates[event.data.certificateId];
      return known
        ? {
            ...record,
            certificates: { ...record.certificates, [event.data.certificateId]: { ...known, withdrawn: true } },
          }
        : record;
    }
    default: {
      const never: never = event;
      return never;
    }
  }
};
