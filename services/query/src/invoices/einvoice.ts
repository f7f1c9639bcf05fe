import {
  type DocumentLanguage,
  type EInvoice,
  type EInvoiceNotReadyAnswer,
  eInvoiceFromV1,
  eInvoiceQuerySchema,
  eInvoiceReadiness,
  invoiceStreamId,
  readEvent,
  withTypedAddresses,
} from '@remit/contracts';
import type { Database, EventStore } from '@remit/eventstore';
import { parseInput } from '@remit/kit';
import type { Request, Response } from 'express';
import { eInvoiceFileName, eInvoiceXml, ruleSetOf } from '../einvoice/index.js';
import { findInvoiceEInvoice, type InvoiceRow } from './repository.js';

/** What an invoice's e-invoice, PDF and preview are drawn from: its e-invoice model and, once void, the void day. */
export interface InvoiceFacts {
  invoice: EInvoice;
  /** The UTC day of the InvoiceVoided, for the PDF's VOID stamp; null while the invoice stands. */
  voidedOn: string | null;
}

/**
 * The facts from the invoice's own stream, in one read: the model of the last InvoiceIssued or InvoiceRevised (v2,
 * or v1 upcast by eInvoiceFromV1) and the day of its InvoiceVoided. A send renders from here (D-140): the read
 * model may not have caught up with an invoice issued a moment ago.
 */
export async function streamInvoiceFacts(
  store: EventStore,
  row: Pick<InvoiceRow, 'id' | 'content'>,
): Promise<InvoiceFacts> {
  let model: EInvoice | null = null;
  let voidedOn: string | null = null;
  for (const stored of await store.readStream(invoiceStreamId(row.id))) {
    const event = readEvent(stored);
    // Invoices recorded before the typed address was kept beside a bare country show it too (issue 34, item 6).
    if (event.type === 'InvoiceIssued' || event.type === 'InvoiceRevised')
      model = withTypedAddresses(event.data.eInvoice, event.data);
    if (event.type === 'InvoiceVoided') voidedOn = stored.createdAt.toISOString().slice(0, 10);
  }
  return { invoice: model ?? eInvoiceFromV1(row.content), voidedOn };
}

/**
 * The facts of a listed invoice from the `invoice_einvoices` read model (D-440), which the projection builds with
 * the stream read's own steps. A projection added to a running store builds from the start of the log; until it
 * reaches this invoice, the invoice's stream answers.
 */
export async function invoiceFacts(
  db: Database,
  store: EventStore,
  row: Pick<InvoiceRow, 'id' | 'userId' | 'content'>,
): Promise<InvoiceFacts> {
  return (await findInvoiceEInvoice(db, row.userId, row.id)) ?? streamInvoiceFacts(store, row);
}

/**
 * The invoice's document language (issue 30) from its e-invoice model: the `invoices` row keeps only the spec's
 * content, so a German invoice's row says nothing of German. An invoice recorded before issue 30 is English (D-292).
 */
export async function invoiceLanguageOf(
  db: Database,
  store: EventStore,
  row: Pick<InvoiceRow, 'id' | 'userId' | 'content'>,
): Promise<DocumentLanguage> {
  return (await invoiceFacts(db, store, row)).invoice.language ?? 'en';
}

/** `GET /invoices/{id}/einvoice?format=…` once the invoice is open to the user (404/402 as for the PDF). */
export async function sendEInvoice(
  req: Request,
  res: Response,
  db: Database,
  store: EventStore,
  row: InvoiceRow,
) {
  sendEInvoiceOf(req, res, (await invoiceFacts(db, store, row)).invoice);
}

/** The e-invoice of a document's model in the format asked, or 422 naming what it lacks (a credit note too). */
export function sendEInvoiceOf(req: Request, res: Response, invoice: EInvoice) {
  const { format } = parseInput(eInvoiceQuerySchema, req.query);
  const ruleSet = ruleSetOf(format);
  const issues = eInvoiceReadiness(invoice, ruleSet);
  if (issues.length > 0) {
    const currency = issues.length === 1 && issues[0]?.term === 'currency';
    const answer: EInvoiceNotReadyAnswer = {
      error: currency
        ? (issues[0]?.message ?? '')
        : `This invoice is not ready for ${format === 'cii' || format === 'ubl' ? 'an EN 16931 e-invoice' : 'XRechnung'}: ${issues.map((issue) => issue.message).join('; ')}`,
      code: currency ? 'einvoice_currency_not_supported' : 'einvoice_not_ready',
      format,
      ruleSet,
      issues,
    };
    res.status(422).setHeader('Cache-Control', 'private, no-store').json(answer);
    return;
  }
  res
    .type('application/xml; charset=utf-8')
    .setHeader('Content-Disposition', `attachment; filename="${eInvoiceFileName(invoice, format)}"`)
    .setHeader('Cache-Control', 'private, no-store')
    .send(eInvoiceXml(invoice, format));
}
