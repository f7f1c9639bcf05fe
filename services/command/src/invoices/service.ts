import { randomUUID } from 'node:crypto';
import {
  type InvoiceContent,
  type InvoiceSubmit,
  invoiceContentFrom,
  invoiceStreamId,
  type SellerProfile,
  settingsStreamId,
} from '@remit/contracts';
import { type EventStore, foldEvents } from '@remit/eventstore';
import { eventCodec } from '@remit/kit';
import { type LogoUpload, logoUpload } from '../logos/decider.js';
import type { PaymentMethodService } from '../payment-methods/service.js';
import { settingsDecider } from '../settings/decider.js';
import { deleteInvoice, invoiceDecider, issueInvoice, reviseInvoice } from './decider.js';

/** The template an invoice names, as the submit payload gives it (spec §3). */
const templateOf = (input: InvoiceSubmit): InvoiceContent['template'] => ({
  id: input.templateId,
  name: input.templateName ?? input.templateId,
  componentName: input.templateComponentName ?? input.templateId,
});

/**
 * The invoice commands: what each needs besides the form (the payment method's snapshot, the logo's
 * check) is gathered here; the decision and every write go through the pipeline.
 */
export function createInvoiceCommands(deps: {
  store: EventStore;
  /** Resolves `paymentMethodId` to its snapshot; without it an invoice names no payment method. */
  paymentMethods?: Pick<PaymentMethodService, 'snapshot'>;
}) {
  const { store } = deps;

  async function current(invoiceId: string) {
    return foldEvents(invoiceDecider, await store.readStream(invoiceStreamId(invoiceId)), eventCodec);
  }

  /** The company profile's e-invoice details: the seller's defaults on an invoice (invoiceContentFrom). */
  async function sellerProfile(userId: string): Promise<SellerProfile | null> {
    const settings = await foldEvents(
      settingsDecider,
      await store.readStream(settingsStreamId(userId)),
      eventCodec,
    );
    const profile = settings.current;
    if (!profile) return null;
    return {
      companyAddress: profile.companyAddress,
      postalAddress: profile.companyPostalAddress,
      phone: profile.companyPhone,
      taxNumber: profile.companyTaxNumber,
    };
  }

  return {
    async issue(userId: string, input: InvoiceSubmit, logoBytes: Buffer | null) {
      // Refused before anything is written: an image we do not accept (415), a method that is not theirs.
      const logo: LogoUpload | null = logoBytes ? logoUpload(userId, logoBytes) : null;
      const paymentMethod = (await deps.paymentMethods?.snapshot(userId, input.paymentMethodId)) ?? null;
      const content = invoiceContentFrom(input, {
        logo: logo ? { id: logo.logoId, contentType: logo.contentType } : null,
        paymentMethod,
        template: templateOf(input),
        seller: await sellerProfile(userId),
      });
      return issueInvoice({ invoiceId: randomUUID(), userId, content, logo });
    },

    async revise(userId: string, invoiceId: string, input: InvoiceSubmit) {
      const invoice = await current(invoiceId);
      const own = invoice.exists && invoice.userId === userId ? invoice.content : null;
      // A disabled method may stay on an invoice that already had it; a newly chosen one must be active.
      const paymentMethod =
        (await deps.paymentMethods?.snapshot(userId, input.paymentMethodId, own?.paymentMethod ?? null)) ??
        null;
      // The logo is kept: a revision is JSON only (docs/api.md).
      const content = invoiceContentFrom(input, {
        logo: own?.logo ?? null,
        paymentMethod,
        template: templateOf(input),
        seller: await sellerProfile(userId),
      });
      return reviseInvoice({ invoiceId, userId, content });
    },

    remove: (userId: string, invoiceId: string) => deleteInvoice(invoiceId, userId),
  };
}

export type InvoiceCommands = ReturnType<typeof createInvoiceCommands>;
