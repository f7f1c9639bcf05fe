import { invoiceRowShape } from '@remit/contracts';
import { z } from 'zod';
import { request } from './client';

// POST /invoices, which the outbox sends at start for an invoice queued offline: apart from the other invoice
// answers (invoices.ts), so the dashboard's first screen does not load the invoice's view and its events.

export interface CreateInvoiceCommand {
  /** The submit payload of spec §3 (the form plus the template and status 'Draft'). */
  invoice: unknown;
  /** The logo as a data URL; it becomes the multipart `logo` file. */
  logo: string | null;
  idempotencyKey: string;
}

export function dataUrlToFile(dataUrl: string, name = 'logo'): File | null {
  const match = /^data:([^;,]+)(;base64)?,(.*)$/s.exec(dataUrl);
  if (!match) return null;
  const [, type = 'application/octet-stream', base64, data = ''] = match;
  const text = base64 ? atob(data) : decodeURIComponent(data);
  const bytes = Uint8Array.from(text, (char) => char.charCodeAt(0));
  const extension = type.split('/')[1]?.replace('+xml', '') ?? 'img';
  return new File([bytes], `${name}.${extension}`, { type });
}

// The outbox needs only the new invoice's id; the whole answer is checked against the contract server-side.
const invoiceCreatedSchema = z.object({ invoice: z.object({ ID: invoiceRowShape.ID }) });

/** POST /invoices as multipart: `invoice` JSON and an optional `logo` file (spec §3). */
export async function createInvoice(command: CreateInvoiceCommand): Promise<{ id: string }> {
  const form = new FormData();
  form.set('invoice', JSON.stringify(command.invoice));
  const logo = command.logo ? dataUrlToFile(command.logo) : null;
  if (logo) form.set('logo', logo);
  const answer = await request('POST', '/invoices', {
    form,
    idempotencyKey: command.idempotencyKey,
    schema: invoiceCreatedSchema,
  });
  return { id: answer.invoice.ID };
}
