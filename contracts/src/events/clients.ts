import { z } from 'zod';
import { documentLanguages } from '../clients.js';
import { currencyCodes } from '../currencies.js';
import { unitCodes, vatCategoryCodes } from '../einvoice/codes.js';
import { customerTypes } from '../einvoice/model.js';
import { type EventOf, eventType } from './define.js';

/**
 * The event catalogue of clients and the catalogue of items (issue 29; docs/events.md).
 *
 * Streams: `client-{clientId}` (ClientCreated, ClientChanged, ClientArchived) and `item-{itemId}` (ItemCreated,
 * ItemChanged, ItemDeleted). Each event carries the whole details, so a projection never needs the previous
 * one. Rates are basis points (1900 = 19 %); a price is integer minor units of its currency.
 */
const clientDetails = {
  companyName: z.string(),
  contactName: z.string(),
  /** Lower-cased; '' when unset. */
  email: z.string(),
  ccEmails: z.array(z.string()),
  address: z.object({ street: z.string(), postCode: z.string(), city: z.string(), country: z.string() }),
  vatId: z.string(),
  taxNumber: z.string(),
  type: z.enum(customerTypes),
  buyerReference: z.string(),
  electronicAddress: z.string(),
  language: z.enum(documentLanguages),
  currency: z.enum(currencyCodes).nullable(),
  paymentTermsDays: z.number().int().nullable(),
  vatCategory: z.enum(vatCategoryCodes).nullable(),
  vatRate: z.number().int().nullable(),
  notes: z.string(),
};

const clientIds = { clientId: z.string(), userId: z.string() };

export const clientEvents = {
  ClientCreated: eventType(z.object({ ...clientIds, ...clientDetails })),
  /** The whole new details; written only when a detail changed. */
  ClientChanged: eventType(z.object({ ...clientIds, ...clientDetails })),
  /** Deleted by its owner: kept for the invoices it was on, no longer listed or editable (D-183). */
  ClientArchived: eventType(z.object(clientIds)),
} as const;

const itemDetails = {
  name: z.string(),
  description: z.string(),
  unit: z.enum(unitCodes),
  priceMinor: z.number().int(),
  currency: z.enum(currencyCodes),
  vatCategory: z.enum(vatCategoryCodes).nullable(),
  vatRate: z.number().int().nullable(),
};

const itemIds = { itemId: z.string(), userId: z.string() };

export const itemEvents = {
  ItemCreated: eventType(z.object({ ...itemIds, ...itemDetails })),
  ItemChanged: eventType(z.object({ ...itemIds, ...itemDetails })),
  /** An invoice keeps its own copy of a line, so a deleted item leaves nothing behind (D-186). */
  ItemDeleted: eventType(z.object(itemIds)),
} as const;

export type ClientEvent = EventOf<typeof clientEvents>;
export type ItemEvent = EventOf<typeof itemEvents>;

export const clientStreamId = (clientId: string) => `client-${clientId}`;
export const itemStreamId = (itemId: string) => `item-${itemId}`;
