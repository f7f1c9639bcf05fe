import { randomUUID } from 'node:crypto';
import {
  type InvoiceContent,
  type InvoiceEvent,
  type InvoiceSubmit,
  invoiceAmounts,
  invoiceNumberStreamId,
  invoiceStreamId,
  logoStreamId,
} from '@remit/contracts';
import {
  ConcurrencyError,
  type EventMetadata,
  type EventStore,
  handleCommand,
  type StreamWrite,
} from '@remit/eventstore';
import type { PaymentMethodService } from '../payment-methods/service.js';
import {
  decideInvoice,
  evolveInvoice,
  type InvoiceCommand,
  type InvoiceState,
  initialInvoiceState,
  invoiceNumberTaken,
  numberToReserve,
} from './decider.js';
import { logoIdOf, sniffImage } from './logo.js';

export interface UploadedLogo {
  bytes: Buffer;
}

export interface InvoiceCommandResult {
  invoiceId: string;
  position: bigint | null;
}

/** The invoice's content as the server computes it: every total recomputed, the parties snapshotted. */
export function contentFrom(
  input: InvoiceSubmit,
  logo: InvoiceContent['logo'],
  paymentMethod: InvoiceContent['paymentMethod'] = null,
): InvoiceContent {
  const amounts = invoiceAmounts(input);
  return {
    number: input.invoiceNumber,
    issueDate: input.issueDate,
    dueDate: input.dueDate,
    currency: amounts.currency,
    taxRate: amounts.taxRate,
    items: amounts.items,
    subtotal: amounts.subtotal,
    tax: amounts.tax,
    total: amounts.total,
    seller: {
      name: input.userName,
      email: input.userEmail,
      address: input.userAddress,
      companyName: input.userCompanyName,
      vatId: input.userCompanyVAT,
    },
    customer: {
      name: input.customerName,
      email: input.customerEmail,
      address: input.customerAddress,
      companyName: input.customerCompanyName,
      vatId: input.customerCompanyVAT,
    },
    notes: input.notes,
    terms: input.termsAndConditions,
    logo,
    /** The chosen payment method's snapshot (the PDF prints it), or null. */
    paymentMethod,
    template: {
      id: input.templateId,
      name: input.templateName ?? input.templateId,
      componentName: input.templateComponentName ?? input.templateId,
    },
  };
}

const stamp = (events: InvoiceEvent[], metadata: EventMetadata, at: string) =>
  events.map((event) => ({ ...event, metadata: { ...metadata, at } }));

export function createInvoiceService(deps: {
  store: EventStore;
  now: () => Date;
  /** Resolves `paymentMethodId` to its snapshot; without it an invoice names no payment method. */
  paymentMethods?: Pick<PaymentMethodService, 'snapshot'>;
}) {
  const { store } = deps;

  async function numberIsTaken(userId: string, number: string): Promise<boolean> {
    return (await store.readStream(invoiceNumberStreamId(userId, number))).length > 0;
  }

  /** The logo's write, unless this user already stored the same image. Sniffed before anything is written. */
  async function logoWrite(userId: string, logo: UploadedLogo | null, metadata: EventMetadata) {
    if (!logo) return { ref: null, writes: [] as StreamWrite[] };
    const contentType = sniffImage(logo.bytes);
    const logoId = logoIdOf(userId, logo.bytes);
    const ref = { id: logoId, contentType };
    if ((await store.readStream(logoStreamId(logoId))).length > 0) return { ref, writes: [] };
    const data = { logoId, userId, contentType, base64: logo.bytes.toString('base64') };
    return {
      ref,
      writes: [
        {
          streamId: logoStreamId(logoId),
          events: [{ type: 'LogoUploaded', data, metadata }],
          expectedVersion: 'any',
        },
      ] satisfies StreamWrite[],
    };
  }

  return {
    async issue(
      userId: string,
      input: InvoiceSubmit,
      logo: UploadedLogo | null,
      metadata: EventMetadata,
    ): Promise<InvoiceCommandResult> {
      const invoiceId = randomUUID();
      const at = deps.now().toISOString();
      const stamped = { ...metadata, at };
      const paymentMethod = (await deps.paymentMethods?.snapshot(userId, input.paymentMethodId)) ?? null;
      const { ref, writes } = await logoWrite(userId, logo, stamped);
      const content = contentFrom(input, ref, paymentMethod);
      if (await numberIsTaken(userId, content.number)) throw invoiceNumberTaken(content.number);
      const events = decideInvoice(initialInvoiceState, {
        type: 'IssueInvoice',
        data: { invoiceId, userId, content },
      });
      try {
        const { position } = await store.appendMany([
          {
            streamId: invoiceStreamId(invoiceId),
            events: stamp(events, metadata, at),
            expectedVersion: 'no_stream',
          },
          {
            streamId: invoiceNumberStreamId(userId, content.number),
            events: [
              {
                type: 'InvoiceNumberReserved',
                data: { userId, number: content.number, invoiceId },
                metadata: stamped,
              },
            ],
            expectedVersion: 'no_stream',
          },
          ...writes,
        ]);
        return { invoiceId, position };
      } catch (error) {
        if (error instanceof ConcurrencyError) throw invoiceNumberTaken(content.number);
        throw error;
      }
    },

    async revise(
      userId: string,
      invoiceId: string,
      input: InvoiceSubmit,
      metadata: EventMetadata,
    ): Promise<InvoiceCommandResult> {
      const current = await load(invoiceId);
      if (
        current.userId === userId &&
        !current.deleted &&
        current.content?.number !== input.invoiceNumber &&
        (await numberIsTaken(userId, input.invoiceNumber))
      ) {
        throw invoiceNumberTaken(input.invoiceNumber);
      }
      // A disabled method may stay on an invoice that already had it; a newly chosen one must be active.
      const own = current.userId === userId ? (current.content?.paymentMethod ?? null) : null;
      const paymentMethod = (await deps.paymentMethods?.snapshot(userId, input.paymentMethodId, own)) ?? null;
      // The logo is kept: a revision is JSON only (docs/api.md).
      const content = contentFrom(input, current.content?.logo ?? null, paymentMethod);
      return run(
        invoiceId,
        { type: 'ReviseInvoice', data: { invoiceId, userId, content } },
        metadata,
        userId,
      );
    },

    async remove(userId: string, invoiceId: string, metadata: EventMetadata): Promise<InvoiceCommandResult> {
      return run(invoiceId, { type: 'DeleteInvoice', data: { invoiceId, userId } }, metadata, userId);
    },
  };

  async function load(invoiceId: string): Promise<InvoiceState> {
    const history = await store.readStream(invoiceStreamId(invoiceId));
    return history.reduce(
      (state, event) => evolveInvoice(state, event as unknown as InvoiceEvent),
      initialInvoiceState,
    );
  }

  async function run(
    invoiceId: string,
    command: InvoiceCommand,
    metadata: EventMetadata,
    userId: string,
  ): Promise<InvoiceCommandResult> {
    let wanted: string | null = null;
    try {
      const result = await handleCommand({
        store,
        streamId: invoiceStreamId(invoiceId),
        initialState: initialInvoiceState,
        evolve: evolveInvoice,
        decide: decideInvoice,
        command,
        metadata,
        now: deps.now,
        extraWrites: (events, state) => {
          wanted = numberToReserve(state, events);
          if (!wanted) return [];
          return [
            {
              streamId: invoiceNumberStreamId(userId, wanted),
              events: [
                { type: 'InvoiceNumberReserved', data: { userId, number: wanted, invoiceId }, metadata },
              ],
              expectedVersion: 'no_stream',
            },
          ];
        },
      });
      return { invoiceId, position: result.position };
    } catch (error) {
      if (error instanceof ConcurrencyError && wanted && (await numberIsTaken(userId, wanted))) {
        throw invoiceNumberTaken(wanted);
      }
      throw error;
    }
  }
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;
