import {
  evolveInvoice,
  evolveInvoiceParty,
  invoiceOrderEventTypes,
  invoiceUserEventTypes,
  partiesNeeded,
  type InvoiceOrderEvent,
  type InvoiceParty,
  type InvoiceState,
  type InvoiceUserEvent,
} from '@feibao/domain/invoices/invoice';
import { creditKey, creditNoteOf } from '@feibao/domain/invoices/credit';
import type { PolicyCancelled } from '@feibao/domain/ordering/order.events';
import { defineProjection, type RecordedEvent } from '@feibao/platform/projections/projection';
import { documentCollection } from '@feibao/platform/documents';
import type { PoolClient } from '@feibao/platform/db';

export const INVOICES = 'invoices';
export const INVOICE_PARTIES = 'invoice_parties';

/** One per order once saved: the domain's trace of it and, once bought, its invoice. */
export type InvoiceDocument = InvoiceState;

export const invoices = documentCollection<InvoiceDocument>(INVOICES);
export const invoiceParties = documentCollection<InvoiceParty>(INVOICE_PARTIES);

const userTypes = new Set<string>(invoiceUserEventTypes);

/** Automatic answers never touch an invoice: they are not even loaded for. */
const matters = (event: RecordedEvent) => event.type !== 'InsurerQuoteRecorded' || event.data.source === 'manual';

/**
 * Orders and accounts in one projection, so an invoice reads the account as it stood at the
 * event's position in the global order: a rebuild gives the same title, branch and operator.
 * One read and one write per table for the batch; an event that changes nothing writes nothing
 * (a draft saved again, an order never bought).
 */
const applyInvoiceEvents = async (all: RecordedEvent[], client: PoolClient) => {
  const events = all.filter(matters);
  if (events.length === 0) return;
  const docs = invoices.batch(client);
  const people = invoiceParties.batch(client);
  const orderEvents = events.filter((e) => !userTypes.has(e.type));
  await docs.load(orderEvents.map((e) => String(e.data.orderId)));
  const phones = new Set<string>();
  for (const event of events) {
    if (userTypes.has(event.type)) phones.add(String(event.data.mobilePhone));
    else if (event.type === 'PolicyCancelled') phones.add(String(event.data.approvedBy));
    else
      for (const phone of partiesNeeded(docs.get(String(event.data.orderId)), event as unknown as InvoiceOrderEvent))
        phones.add(phone);
  }
  await people.load(phones);
  for (const event of events) {
    const known = { type: event.type, data: event.data };
    if (userTypes.has(event.type)) {
      const phone = String(event.data.mobilePhone);
      people.put(phone, evolveInvoiceParty(people.get(phone), known as InvoiceUserEvent));
      continue;
    }
    const orderId = String(event.data.orderId);
    if (event.type === 'PolicyCancelled') {
      const credit = creditNoteOf(docs.get(orderId), known as PolicyCancelled, (phone) =>
        phones.has(phone) ? people.get(phone) : null,
      );
      if (credit) docs.put(creditKey(orderId), credit);
      continue;
    }
    const before = docs.get(orderId);
    // Every phone it may ask for was loaded above; any other reads as unknown rather than failing the batch.
    const after = evolveInvoice(before, known as InvoiceOrderEvent, (phone) =>
      phones.has(phone) ? people.get(phone) : null,
    );
    if (after && after !== before) docs.put(orderId, after);
  }
  await people.flush();
  await docs.flush();
};

export const invoiceProjection = defineProjection({
  name: 'invoices',
  // 2: issued at payment (PaymentConfirmed), withdrawn when the purchase lapses. 3: 红字 rows of 退保.
  version: 3,
  collections: [invoices, invoiceParties],
  eventTypes: [...invoiceUserEventTypes, ...invoiceOrderEventTypes, 'PolicyCancelled'],
  handle: (event: RecordedEvent, client: PoolClient) => applyInvoiceEvents([event], client),
  handleBatch: (events: RecordedEvent[], client: PoolClient) => applyInvoiceEvents(events, client),
});
