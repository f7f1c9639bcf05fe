import type { InvoiceRecord, StreamInvoice } from '@remit/contracts';
import type { Database, EventStore } from '@remit/eventstore';
import { type Clock, logHead, openLimitStore, systemClock } from '@remit/kit';
import { projectionNames } from '@remit/readmodels';
import { Router } from 'express';
import { auditQueryRoutes } from './audit/routes.js';
import { authQueryRoutes } from './auth/routes.js';
import { bankQueryRoutes } from './bank/routes.js';
import type { Paywall } from './billing/repository.js';
import { billingQueryRoutes } from './billing/routes.js';
import { clientQueryRoutes } from './clients/routes.js';
import type { QueryConfig } from './config.js';
import { waitForPosition } from './consistency.js';
import { creditNoteFileName, renderCreditNotePdf } from './credit-notes/rendering.js';
import { openCreditNote } from './credit-notes/repository.js';
import { creditNoteQueryRoutes } from './credit-notes/routes.js';
import { customerQueryRoutes } from './customers/routes.js';
import { exportRoutes } from './exports/routes.js';
import { customerPageRoutes } from './invoices/customer-page/routes.js';
import { draftQueryRoutes } from './invoices/draft-routes.js';
import { assertStreamInvoiceOpen } from './invoices/locking.js';
import { publicInvoiceRoutes } from './invoices/public-routes.js';
import { invoicePdfs } from './invoices/rendering.js';
import { invoiceQueryRoutes } from './invoices/routes.js';
import { closeRenderer, configureRenderer } from './pdf/index.js';
import { profileQueryRoutes } from './profile/routes.js';
import { quoteFileName, renderQuotePdf } from './quotes/rendering.js';
import { quoteQueryRoutes } from './quotes/routes.js';
import { recurringQueryRoutes } from './recurring/routes.js';
import { settingsQueryRoutes } from './settings/routes.js';
import { templateRoutes } from './templates/routes.js';

export interface QueryServiceDeps {
  config: QueryConfig;
  db: Database;
  store: EventStore;
  /** The clock 'today' is read from (Draft, Overdue, active clients); tests set it. */
  now?: Clock;
  /** Records a customer page view (the command side's, in the all-in-one process); absent: none recorded. */
  recordView?: (invoiceId: string, userId: string) => Promise<void>;
}

/** The read side (DESIGN §1): the API's GET calls, answered from read models only. */
export function createQueryService(deps: QueryServiceDeps): {
  router: Router;
  /** The pages the query side writes itself, outside `/api`: the customer page `/i/{token}`. */
  pages: Router;
  close(): Promise<void>;
  /** The PDF of an own, open invoice: what the command side attaches to a send in the all-in-one process. */
  invoicePdf(userId: string, invoice: StreamInvoice): Promise<{ pdf: Buffer; filename: string }>;
  /** A quote's PDF and its file name: what the command side attaches to a quote's send. */
  quotePdf(content: InvoiceRecord): Promise<{ pdf: Buffer; filename: string }>;
  /** Resolves when the invoice (as its stream states it) is open to the user (402 locked): sharing asks this. */
  assertInvoiceOpen(userId: string, invoice: StreamInvoice): Promise<void>;
  /** The PDF of an own credit note whose invoice is open (404, 402): what a credit note's send attaches. */
  creditNotePdf(userId: string, creditNoteId: string): Promise<{ pdf: Buffer; filename: string }>;
} {
  const now = deps.now ?? systemClock;
  const paywall: Paywall = { db: deps.db, billingOn: deps.config.billingOn };
  configureRenderer({
    size: deps.config.pdf.workers,
    maxWorkerRssBytes: deps.config.pdf.maxWorkerRssBytes,
    idleMs: deps.config.pdf.idleMs,
  });
  const router = Router();
  // Read-your-writes: every read model has applied the position (DESIGN §1).
  router.use(
    waitForPosition({
      hasApplied: (position) => deps.store.hasApplied(projectionNames, position),
      head: () => logHead(deps.db),
      maxWaitMs: deps.config.readYourWritesWaitMs,
      moved: { mark: deps.store.appliedMark, after: deps.store.nextApplied },
    }),
  );
  router.use(authQueryRoutes({ db: deps.db, googleConfigured: deps.config.googleConfigured }));
  router.use(billingQueryRoutes({ paywall }));
  // The customer page's routes are open to anyone: limited per client address over the shared counters.
  const limits = openLimitStore({
    db: deps.db,
    redisUrl: deps.config.redisUrl,
    redisPrefix: deps.config.redisPrefix,
  });
  router.use(
    publicInvoiceRoutes({
      db: deps.db,
      paywall,
      store: deps.store,
      now,
      limits,
      limitPerMinute: deps.config.publicInvoiceLimitPerIpMin,
      ...(deps.recordView ? { recordView: deps.recordView } : {}),
    }),
  );
  const pages = customerPageRoutes({
    db: deps.db,
    store: deps.store,
    paywall,
    now,
    limits,
    limitPerMinute: deps.config.publicInvoiceLimitPerIpMin,
  });
  router.use(invoiceQueryRoutes({ db: deps.db, store: deps.store, paywall, now }));
  router.use(draftQueryRoutes({ db: deps.db }));
  router.use(creditNoteQueryRoutes({ db: deps.db, store: deps.store, paywall }));
  router.use(
    quoteQueryRoutes({
      db: deps.db,
      store: deps.store,
      now,
      limits,
      limitPerMinute: deps.config.publicInvoiceLimitPerIpMin,
    }),
  );
  router.use(recurringQueryRoutes({ db: deps.db, store: deps.store, now }));
  router.use(customerQueryRoutes({ db: deps.db, paywall }));
  router.use(settingsQueryRoutes({ db: deps.db, store: deps.store, paywall, now }));
  router.use(profileQueryRoutes({ db: deps.db }));
  router.use(clientQueryRoutes({ db: deps.db }));
  router.use(bankQueryRoutes({ db: deps.db, store: deps.store }));
  router.use(auditQueryRoutes({ db: deps.db }));
  router.use(exportRoutes({ db: deps.db, store: deps.store, now, paywall }));
  router.use(templateRoutes({ db: deps.db, store: deps.store }));
  const pdfs = invoicePdfs({ paywall, store: deps.store });
  const assertInvoiceOpen = (userId: string, invoice: StreamInvoice) =>
    assertStreamInvoiceOpen(paywall, userId, invoice);
  const close = async () => {
    await closeRenderer();
    await limits.close();
  };
  const creditNotePdf = async (userId: string, creditNoteId: string) => {
    const creditNote = await openCreditNote({ store: deps.store, paywall }, userId, creditNoteId);
    return {
      pdf: await renderCreditNotePdf(deps.store, creditNote),
      filename: creditNoteFileName(creditNote),
    };
  };
  const quotePdf = async (content: InvoiceRecord) => ({
    pdf: await renderQuotePdf(deps.store, content),
    filename: quoteFileName(content),
  });
  return { router, pages, close, invoicePdf: pdfs.pdf, assertInvoiceOpen, creditNotePdf, quotePdf };
}
