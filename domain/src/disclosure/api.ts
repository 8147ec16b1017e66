import type { DisclosedInsurer } from './broker.ts';
import type { TextKind } from './texts.ts';

/** The wire shapes of docs/api/disclosure.md. */

/** One version of a text. */
export type DisclosureTextVersion = {
  key: string;
  kind: TextKind;
  kindName: string;
  coverId: number | null;
  coverName: string | null;
  version: number;
  title: string;
  body: string;
  sha256: string;
  publishedAt: string;
  reason: string;
};

/** GET /public/disclosure: everything the 信息披露 page shows, the texts at their versions in force. */
export type PublicDisclosure = {
  broker: {
    name: string;
    licence: string;
    licenceIssuer: string;
    registeredCapital: string;
    address: string;
    businessScope: readonly string[];
    platform: string;
    website: string;
    servicePhone: string;
  };
  insurers: DisclosedInsurer[];
  complaint: { phone: string; email: string; address: string; promise: string; regulator: string };
  delivery: { policy: string; invoice: string; privacy: string };
  texts: DisclosureTextVersion[];
};

/** GET /order/purchaseTerms: what the buyer from one insurer reads and confirms now, and any confirmation held. */
export type PurchaseTermsAnswer = {
  orderId: string;
  insuranceCompanyId: number;
  insuranceCompanyName: string;
  texts: DisclosureTextVersion[];
  /** The order's confirmation for this insurer on the versions in force; null: none, or on older versions. */
  confirmedAt: string | null;
};

/** GET /backoffice/disclosure/texts: every text with all its versions, newest first. */
export type DisclosureTextHistory = {
  key: string;
  kind: TextKind;
  kindName: string;
  coverId: number | null;
  coverName: string | null;
  current: number;
  versions: (DisclosureTextVersion & { publishedBy: string })[];
};
