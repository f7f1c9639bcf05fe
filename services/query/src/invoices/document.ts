import { type InvoiceContent, type InvoiceDocument, logoStreamId, readEvent } from '@remit/contracts';
import type { EventStore } from '@remit/eventstore';
import { findTemplate, invoiceTemplates } from '../pdf/index.js';

/** A stored logo as a data URL for the renderer, or undefined when it is gone. */
export async function logoDataUrl(store: EventStore, logoId: string): Promise<string | undefined> {
  const [uploaded] = (await store.readStream(logoStreamId(logoId))).map(readEvent);
  if (uploaded?.type !== 'LogoUploaded') return undefined;
  return `data:${uploaded.data.contentType};base64,${uploaded.data.base64}`;
}

/** The template an invoice names, or the first of the gallery if that one no longer exists. */
export function templateIdFor(id: string): string {
  return findTemplate(id)?.id ?? invoiceTemplates[0]?.id ?? 'classic';
}

const optional = (value: string | null | undefined) => (value ? value : undefined);

/** A stored invoice as the renderer's InvoiceDocument: amounts as stored, nothing recomputed. */
function _documentFromContent(id: string, content: InvoiceContent, logo?: string): InvoiceDocument {
  const method = content.paymentMethod;
  return {
    id,
    number: content.number,
    issueDate: content.issueDate,
    dueDate: content.dueDate,
    language: 'en',
    currency: content.currency,
    seller: {
      name: content.seller.name,
      companyName: content.seller.companyName,
      email: content.seller.email,
      address: content.seller.address,
      ...(content.seller.vatId ? { vatId: content.seller.vatId } : {}),
      ...(logo ? { logo: { dataUrl: logo } } : {}),
    },
    customer: {
      name: content.customer.name,
      companyName: content.customer.companyName,
      email: content.customer.email,
      address: content.customer.address,
      ...(content.customer.vatId ? { vatId: content.customer.vatId } : {}),
    },
    items: content.items,
    taxRate: content.taxRate,
    subtotal: content.subtotal,
    tax: content.tax,
    total: content.total,
    ...(optional(content.notes) ? { notes: content.notes } : {}),
    ...(optional(content.terms) ? { terms: content.terms } : {}),
    ...(method
      ? {
          paymentMethod:
            method.type === 'bank_transfer'
              ? {
                  type: 'bank_transfer' as const,
                  name: method.name,
                  ...(method.bankName ? { bankName: method.bankName } : {}),
                  ...(method.iban ? { iban: method.iban } : {}),
                  ...(method.swift ? { swift: method.swift } : {}),
                  ...(method.accountNumber ? { accountNumber: method.accountNumber } : {}),
                  reference: content.number,
                }
              : {
                  type: 'digital' as const,
                  name: method.name,
                  link: method.paymentLink ?? '',
                  ...(method.instructions ? { instructions: method.instructions } : {}),
                },
        }
      : {}),
  };
}
