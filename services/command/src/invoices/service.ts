import { randomUUID } from 'node:crypto';
import {
  type InvoiceContent,
  type InvoiceOrigin,
  type InvoiceRecord,
  type InvoiceSubmit,
  invoiceContentFrom,
  invoiceNumberStreamId,
  invoiceStreamId,
  logoStreamId,
  sellerProfileFrom,
  settingsStreamId,
} from '@remit/contracts';
import {
  deleteInvoice,
  invoiceDecider,
  issueInvoice,
  type LogoUpload,
  logoUpload,
  recordInvoiceDownload,
  reviseInvoice,
} from '@remit/domain';
import { type EventStore, foldEvents, type StoredEvent } from '@remit/eventstore';
import { eventCodec } from '@remit/kit';
import type { PaymentMethodService } from '../payment-methods/service.js';
import { settingsDecider } from '../settings/decider.js';
import { clientLanguageOf, clientStreamsOf } from './client-language.js';

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

  /**
   * The seller's defaults on an invoice (invoiceContentFrom): the company profile's e-invoice details, and the
   * language a payload without one is written in (issue 30, D-340): its client's, else the owner's, else English.
   */
  const sellerDefaultsOf = (userId: string, input: InvoiceSubmit, streams: Map<string, StoredEvent[]>) => {
    const settings = foldEvents(settingsDecider, streams.get(settingsStreamId(userId)) ?? [], eventCodec);
    const client = input.language
      ? null
      : clientLanguageOf(streams, userId, {
          email: input.customerEmail,
          companyName: input.customerCompanyName,
        });
    return { seller: sellerProfileFrom(settings.current), language: client ?? settings.language };
  };

  /** The command's streams and, for a payload without a language, its client's candidates: one statement. */
  const readWithClients = (userId: string, input: InvoiceSubmit, streamIds: string[]) => {
    const clientStreams = input.language
      ? undefined
      : clientStreamsOf(userId, { email: input.customerEmail });
    return clientStreams ? store.readStreamsAndNamed(streamIds, clientStreams) : store.readStreams(streamIds);
  };

  /** The owner's company logo (CompanyLogoChanged on the settings stream; its image a `logo-{id}` stream). */
  const companyLogoOf = (settingsHistory: StoredEvent[]) =>
    foldEvents(settingsDecider, settingsHistory, eventCodec).logo;

  return {
    /**
     * `logoBytes`: the form's upload. `options.invoiceId`: a caller that must name it (a recurring run's, the same
     * whoever issues it); else a new one. `options.origin`: the quote or run it comes from (issue 33).
     * `options.companyLogo`: with no upload, the invoice carries the owner's company logo (a recurring run's, as a
     * hand-issued invoice carries the one its form uploaded).
     */
    async issue(
      userId: string,
      input: InvoiceSubmit,
      logoBytes: Buffer | null,
      options: { invoiceId?: string; origin?: InvoiceOrigin; companyLogo?: boolean } = {},
    ) {
      const { invoiceId = randomUUID(), origin, companyLogo = false } = options;
      // Refused before anything is written: an image we do not accept (415), a method that is not theirs.
      const logo: LogoUpload | null = logoBytes ? logoUpload(userId, logoBytes) : null;
      const paymentMethod = (await deps.paymentMethods?.snapshot(userId, input.paymentMethodId)) ?? null;
      // The seller's settings, the number's reservation and the logo in one query; the pipeline's first
      // attempt folds the last two as read here (a clash since is refused by the append and read again).
      const settings = settingsStreamId(userId);
      const known = await readWithClients(userId, input, [
        settings,
        invoiceNumberStreamId(userId, input.invoiceNumber),
        ...(logo ? [logoStreamId(logo.logoId)] : []),
      ]);
      // The company logo's image is already on its own stream (stored with PUT /settings): only named here.
      const stored = !logo && companyLogo ? companyLogoOf(known.get(settings) ?? []) : null;
      const content = invoiceContentFrom(input, {
        logo: logo ? { id: logo.logoId, contentType: logo.contentType } : stored,
        paymentMethod,
        template: templateOf(input),
        ...sellerDefaultsOf(userId, input, known),
      });
      const draftId = input.draftId ? { draftId: input.draftId } : {};
      return issueInvoice({
        invoiceId,
        userId,
        content,
        logo,
        known,
        ...draftId,
        ...(origin ? { origin } : {}),
      });
    },

    /** `expectedRevision`: the revision the edit was made on (If-Match), when the client sent one. */
    async revise(userId: string, invoiceId: string, input: InvoiceSubmit, expectedRevision?: number) {
      // As for an issue: the invoice, the settings and the number's reservation in one query.
      const [stream, settings] = [invoiceStreamId(invoiceId), settingsStreamId(userId)];
      const known = await readWithClients(userId, input, [
        stream,
        settings,
        invoiceNumberStreamId(userId, input.invoiceNumber),
      ]);
      const invoice = foldEvents(invoiceDecider, known.get(stream) ?? [], eventCodec);
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
        ...sellerDefaultsOf(userId, input, known),
      });
      return reviseInvoice({
        invoiceId,
        userId,
        content,
        known,
        ...(expectedRevision ? { expectedRevision } : {}),
      });
    },

    /**
     * The document a form makes with no logo upload (a quote, issue 33): the seller's settings, the owner's company
     * logo and the payment method's snapshot as an issue takes them; `current` the method already on the document,
     * kept if disabled since. The invoice a quote becomes carries the same logo.
     */
    async contentOf(userId: string, input: InvoiceSubmit, current: InvoiceRecord['paymentMethod'] = null) {
      const settings = settingsStreamId(userId);
      const known = await readWithClients(userId, input, [settings]);
      const paymentMethod =
        (await deps.paymentMethods?.snapshot(userId, input.paymentMethodId, current)) ?? null;
      return invoiceContentFrom(input, {
        logo: companyLogoOf(known.get(settings) ?? []),
        paymentMethod,
        template: templateOf(input),
        ...sellerDefaultsOf(userId, input, known),
      });
    },

    remove: (userId: string, invoiceId: string) => deleteInvoice(invoiceId, userId),

    /** The owner is about to download the PDF or an e-invoice: the invoice becomes final (issue 27). */
    recordDownload: (userId: string, invoiceId: string, format: 'pdf' | 'einvoice') =>
      recordInvoiceDownload({ invoiceId, userId, format }),
  };
}

export type InvoiceCommands = ReturnType<typeof createInvoiceCommands>;
