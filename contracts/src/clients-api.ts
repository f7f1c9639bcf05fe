import { z } from 'zod';
import { clientFormSchema, clientSchema } from './clients.js';
import { creditNoteListEntrySchema } from './credit-notes-api.js';

/**
 * What the clients API answers (issue 29): the list with balances, a client's page, imports and the candidates
 * from past invoices. The client itself and its form are in `clients.ts`.
 */

/** What is due from a client in one currency, from the invoices issued to its e-mail. */
export const clientBalanceSchema = z.object({ currency: z.string(), balance: z.number() });

/** A row of `GET /clients`: the client with its balance due per currency and its last invoice's date. */
export const clientListEntrySchema = clientSchema.extend({
  balances: z.array(clientBalanceSchema),
  lastInvoiceDate: z.string().nullable(),
});
export type ClientListEntry = z.infer<typeof clientListEntrySchema>;

export const clientsQuerySchema = z.object({
  search: z.string().trim().max(100, 'Search can have at most 100 characters').optional().default(''),
  archived: z.enum(['true', 'false']).optional().default('false'),
});

export const clientsAnswerSchema = z.object({ clients: z.array(clientListEntrySchema) });
export type ClientsAnswer = z.infer<typeof clientsAnswerSchema>;

/** A client's invoices on its page (`GET /clients/{id}`). */
export const clientInvoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  issueDate: z.string(),
  dueDate: z.string(),
  currency: z.string(),
  total: z.number(),
  balance: z.number(),
  voided: z.boolean(),
});
export type ClientInvoice = z.infer<typeof clientInvoiceSchema>;

export const clientAnswerSchema = z.object({
  client: clientSchema,
  position: z.string().optional(),
});
export type ClientAnswer = z.infer<typeof clientAnswerSchema>;

/** A payment on one of the client's invoices, as the client page lists it; a reversed one stays, marked. */
export const clientPaymentSchema = z.object({
  id: z.string(),
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  amount: z.number(),
  currency: z.string(),
  date: z.string(),
  method: z.string(),
  reference: z.string(),
  reversed: z.boolean(),
});
export type ClientPayment = z.infer<typeof clientPaymentSchema>;

export const clientPageAnswerSchema = z.object({
  client: clientListEntrySchema,
  invoices: z.array(clientInvoiceSchema),
  creditNotes: z.array(creditNoteListEntrySchema),
  payments: z.array(clientPaymentSchema),
});
export type ClientPageAnswer = z.infer<typeof clientPageAnswerSchema>;

/** `POST /clients/import`: the rows the preview will create, all or nothing (D-187). */
export const clientImportSchema = z.object({
  clients: z
    .array(clientFormSchema, { error: 'Nothing to import' })
    .min(1, 'Nothing to import')
    .max(10_000, 'At most 10,000 rows can be imported at once'),
});
export type ClientImportInput = z.input<typeof clientImportSchema>;

/** The answer of an import: how many were created (all of them, or none with an error). */
export const importAnswerSchema = z.object({ imported: z.number(), position: z.string().optional() });
export type ImportAnswer = z.infer<typeof importAnswerSchema>;

/**
 * `GET /clients/candidates`: customers of past invoices (one per e-mail, with the company and address last
 * invoiced) that are not a client yet, offered once to be created in one click, never silently (D-188).
 */
export const clientCandidateSchema = z.object({
  email: z.string(),
  contactName: z.string(),
  companyName: z.string(),
  /** The one-line address of the last invoice. */
  address: z.string(),
  vatId: z.string(),
  invoices: z.number(),
});
export type ClientCandidate = z.infer<typeof clientCandidateSchema>;
export const clientCandidatesAnswerSchema = z.object({ candidates: z.array(clientCandidateSchema) });
