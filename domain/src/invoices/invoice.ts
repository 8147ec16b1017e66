import type { UserEvent } from '../accounts/user.events.ts';
import { provinces } from '../catalogue/regions.ts';
import type {
  InquiryRequested,
  InsurerQuoteRecorded,
  OrderDraftSaved,
  OrderEvent,
  OrderInsured,
  PaymentConfirmed,
  PaymentLapsed,
  PolicyUnderwritten,
} from '../ordering/order.events.ts';
import { shanghaiDate } from '../shared/calendar.ts';
import { maskPhone } from '../shared/masking.ts';

/**
 * Invoices (docs/invoices.md): one per bought order, derived from the order's and the accounts'
 * events alone, so a rebuild of the read model gives the same rows, numbers included.
 * The row appears at 投保 (OrderInsured) as 待支付 and is issued — 已支付, dated, titled — when the payment
 * is confirmed (PaymentConfirmed); its number, derived from the policy number, comes with underwriting.
 * A purchase that lapses unpaid takes its row away (buying again makes a new one). Purchases from before
 * payments (no payment on OrderInsured) are issued at underwriting, as they were.
 */

/** credited: the 红字 (credit) row of a policy cancelled after payment (退保, docs/invoices.md); its amount is negative. */
export const PayStatus = { unpaid: '待支付', paid: '已支付', credited: '已退保' } as const;
export type PayStatusValue = (typeof PayStatus)[keyof typeof PayStatus];
export const payStatuses: readonly PayStatusValue[] = [PayStatus.unpaid, PayStatus.paid, PayStatus.credited];

/** The operator of an invoice the simulated insurer issued without a person. */
export const SYSTEM_OPERATOR = '系统';
/** The issuing office when the policyholder named no province (or one without a branch). */
export const HEAD_OFFICE = '总公司';

/** What an invoice needs of an account: the policyholder's title and province, a staff member's name. */
export type InvoiceParty = { name: string; enterpriseName: string | null; province: string | null };

export const invoiceUserEventTypes = [
  'UserRegistered',
  'UserProfileUpdated',
] as const satisfies readonly UserEvent['type'][];
export type InvoiceUserEvent = Extract<UserEvent, { type: (typeof invoiceUserEventTypes)[number] }>;

export const invoiceOrderEventTypes = [
  'OrderDraftSaved',
  'InquiryRequested',
  'InsurerQuoteRecorded',
  'OrderInsured',
  'PaymentConfirmed',
  'PaymentLapsed',
  'PolicyUnderwritten',
] as const satisfies readonly OrderEvent['type'][];
export type InvoiceOrderEvent =
  | OrderDraftSaved
  | InquiryRequested
  | InsurerQuoteRecorded
  | OrderInsured
  | PaymentConfirmed
  | PaymentLapsed
  | PolicyUnderwritten;

const blankToNull = (v: string | null | undefined) => (v && v.trim() !== '' ? v.trim() : null);

/** The account as of this event (registration, then each profile update). */
export const evolveInvoiceParty = (_party: InvoiceParty | null, event: InvoiceUserEvent): InvoiceParty => ({
  name: event.data.name ?? '',
  enterpriseName: blankToNull(event.data.profile?.enterpriseName),
  province: blankToNull(event.data.profile?.address),
});

/** 广东省 → 广东, 广西壮族自治区 → 广西, 北京市 → 北京: the short names branches go by. */
const shortProvince = (name: string) => name.replace(/(壮族|回族|维吾尔)?自治区$|省$|市$/, '');
/** Branches exist on the mainland only; Taiwan, Hong Kong and Macao invoices come from the head office. */
const branchProvinces = new Map<string, string>(
  provinces.filter((p) => !['710000', '810000', '820000'].includes(p.code)).map((p) => [p.code, shortProvince(p.name)]),
);

/** The insurer's branch for the policyholder's province (人保财险广东分公司), else its head office. */
export const branchName = (insurerName: string, provinceCode: string | null): string => {
  const province = provinceCode ? branchProvinces.get(provinceCode) : undefined;
  return province ? `${insurerName}${province}分公司` : `${insurerName}${HEAD_OFFICE}`;
};

/**
 * FP + the policy number's digits (P0120250301xxxxxxxx → FP0120250301xxxxxxxx): unique as the
 * policy number is, and the same on every rebuild, since it is read from the event.
 */
export const invoiceNumber = (policyNo: string): string => `FP${policyNo.replace(/^P/, '')}`;

/** The invoice title: the policyholder's company, else the account's name, else the masked phone. */
export const invoiceTitle = (owner: string, party: InvoiceParty | null): string =>
  party?.enterpriseName || blankToNull(party?.name) || maskPhone(owner);

/** A person shown as the operator: their name, else their masked phone (never the whole number). */
const operatorName = (phone: string, party: InvoiceParty | null) => blankToNull(party?.name) ?? maskPhone(phone);

/** One invoice as stored; the wire rows (api.ts) are cut from it. */
export type Invoice = {
  id: string;
  orderNo: string;
  owner: string;
  invoiceNo: string | null;
  invoiceName: string;
  /** When it was issued (the payment; underwriting for purchases from before payments), ISO instant; null while unpaid. */
  invoiceTime: string | null;
  /** invoiceTime's Shanghai calendar day, what the date filters compare. */
  invoiceDate: string | null;
  centerBranchName: string;
  payStatus: PayStatusValue;
  /** Yuan: the order's total premium. */
  amount: number;
  /** Who issued it (系统, or the staff member who verified the quote by hand); null until issued. */
  operator: string | null;
  policyNo: string | null;
  insuranceCompanyId: number;
  insuranceCompanyName: string;
  insuredAt: string;
  /** The list's order, newest first: issued time, else the time of 投保. */
  listedAt: string;
};

/**
 * What the derivation keeps of an order before it is bought: its owner and number, and per
 * insurer of the current round the last staff member who entered a quote for it by hand.
 */
export type InvoiceTrace = { orderId: string; orderNo: string; owner: string; verifiedBy: Record<string, string> };
export type InvoiceState = { trace: InvoiceTrace; invoice: Invoice | null };

export type PartyLookup = (phone: string) => InvoiceParty | null;

/** Issued at `at`: title and branch are taken from the profile as it stands, then kept. */
const issued = (state: InvoiceState, invoice: Invoice, at: string, partyOf: PartyLookup): Invoice => {
  const party = partyOf(state.trace.owner);
  const verifier = state.trace.verifiedBy[String(invoice.insuranceCompanyId)];
  return {
    ...invoice,
    invoiceName: invoiceTitle(state.trace.owner, party),
    invoiceTime: at,
    invoiceDate: shanghaiDate(new Date(at)),
    centerBranchName: branchName(invoice.insuranceCompanyName, party?.province ?? null),
    payStatus: PayStatus.paid,
    operator: verifier ? operatorName(verifier, partyOf(verifier)) : SYSTEM_OPERATOR,
    listedAt: at,
  };
};

/**
 * The phones whose accounts an event may need given the state before it (the owner, verifiers,
 * the one it names), so a projection can load them all before folding a batch.
 */
export const partiesNeeded = (state: InvoiceState | null, event: InvoiceOrderEvent): string[] => {
  const owner = event.type === 'OrderDraftSaved' ? event.data.owner : state?.trace.owner;
  const phones = state ? Object.values(state.trace.verifiedBy) : [];
  if (event.type === 'InsurerQuoteRecorded' && event.data.source === 'manual') phones.push(event.data.recordedBy);
  return owner ? [owner, ...phones] : phones;
};

/**
 * Pure: the next state of one order's invoice. Events out of their order's lifecycle (an
 * underwriting without a purchase, a second purchase) change nothing, so a replay is harmless.
 */
export const evolveInvoice = (
  state: InvoiceState | null,
  event: InvoiceOrderEvent,
  partyOf: PartyLookup,
): InvoiceState | null => {
  switch (event.type) {
    case 'OrderDraftSaved':
      // The owner and number never change; later saves carry the same ones.
      return (
        state ?? {
          trace: { orderId: event.data.orderId, orderNo: event.data.orderNo, owner: event.data.owner, verifiedBy: {} },
          invoice: null,
        }
      );
    case 'InquiryRequested':
      // A new round asks the insurers afresh: hand entries of an earlier round no longer count.
      if (!state || state.invoice || Object.keys(state.trace.verifiedBy).length === 0) return state;
      return { ...state, trace: { ...state.trace, verifiedBy: {} } };
    case 'InsurerQuoteRecorded': {
      if (!state || state.invoice || event.data.source !== 'manual') return state;
      if (!event.data.answers.some((a) => a.kind === 'quoted')) return state;
      return {
        ...state,
        trace: {
          ...state.trace,
          verifiedBy: { ...state.trace.verifiedBy, [String(event.data.insurerId)]: event.data.recordedBy },
        },
      };
    }
    case 'OrderInsured': {
      if (!state || state.invoice) return state;
      const party = partyOf(state.trace.owner);
      return {
        ...state,
        invoice: {
          id: state.trace.orderId,
          orderNo: state.trace.orderNo,
          owner: state.trace.owner,
          invoiceNo: null,
          invoiceName: invoiceTitle(state.trace.owner, party),
          invoiceTime: null,
          invoiceDate: null,
          centerBranchName: branchName(event.data.insurerName, party?.province ?? null),
          payStatus: PayStatus.unpaid,
          amount: event.data.totalPremium,
          operator: null,
          policyNo: null,
          insuranceCompanyId: event.data.insurerId,
          insuranceCompanyName: event.data.insurerName,
          insuredAt: event.data.insuredAt,
          listedAt: event.data.insuredAt,
        },
      };
    }
    case 'PaymentConfirmed': {
      const invoice = state?.invoice;
      if (!state || !invoice || invoice.payStatus === PayStatus.paid) return state;
      return { ...state, invoice: issued(state, invoice, event.data.paidAt, partyOf) };
    }
    case 'PaymentLapsed':
      // The purchase is void: an unpaid invoice goes with it.
      return state?.invoice && state.invoice.payStatus === PayStatus.unpaid ? { ...state, invoice: null } : state;
    case 'PolicyUnderwritten': {
      const invoice = state?.invoice;
      if (!state || !invoice) return state;
      const numbered = { invoiceNo: invoiceNumber(event.data.policyNo), policyNo: event.data.policyNo };
      // Paid before: the policy gives it its number. Bought before payments: issued now, as it was then.
      if (invoice.payStatus === PayStatus.paid)
        return invoice.invoiceNo ? state : { ...state, invoice: { ...invoice, ...numbered } };
      return { ...state, invoice: { ...issued(state, invoice, event.data.underwrittenAt, partyOf), ...numbered } };
    }
  }
};
