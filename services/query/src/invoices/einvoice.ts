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
import type { EventStore } from '@remit/eventstore';
import { parseInput } from '@remit/kit';
import type { Request, Response } from 'express';
import { eInvoiceFileName, eInvoiceXml, ruleSetOf } from '../einvoice/index.js';
import type { InvoiceRow } from './repository.js';

/**
 * The invoice's e-invoice model from its own stream: the last InvoiceIssued or InvoiceRevised (v2, or v1 upcast by
 * eInvoiceFromV1). The read model keeps only the spec's content; the stream is the snapshot the invoice made.
 */
async function eInvoiceOf(store: EventStore, row: InvoiceRow): Promise<EInvoice> {
  return (await invoiceFacts(store, row)).invoice;
}

/**
 * What rendering needs from the invoice's stream, in one read: the e-invoice model (as eInvoiceOf) and, for a
 * void invoice, the day it was voided (UTC, from the InvoiceVoided event's time) for the PDF's VOID stamp.
 */
export async function invoiceFacts(
  store: EventStore,
  row: Pick<InvoiceRow, 'id' | 'content'>,
): Promise<{ invoice: EInvoice; voidedOn: string | null }> {
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
 * The invoice's document language (issue 30) from its stream: the read model keeps only the spec's content, so a
 * German invoice's row says nothing of German. An invoice recorded before issue 30 is English (D-292).
 */
export async function invoiceLanguageOf(
  store: EventStore,
  row: Pick<InvoiceRow, 'id' | 'content'>,
): Promise<DocumentLanguage> {
  return (await invoiceFacts(store, row)).invoice.language ?? 'en';
}

/** `GET /invoices/{id}/einvoice?format=…` once the invoice is open to the user (404/402 as for the PDF). */
export async function sendEInvoice(req: Request, res: Response, store: EventStore, row: InvoiceRow) {
  sendEInvoiceOf(req, res, await eInvoiceOf(store, row));
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
