import type { Projection } from '../projection.js';
import { activitiesProjection } from './activities.js';
import { bankProjection } from './bank.js';
import { clientsProjection } from './clients.js';
import { collectionProjection } from './collection.js';
import { creditNotesProjection } from './credit-notes.js';
import { creditsProjection } from './credits.js';
import { customersProjection } from './customers.js';
import { invoiceDraftsProjection } from './invoice-drafts.js';
import { invoiceEInvoicesProjection } from './invoice-einvoices.js';
import { invoiceSharesProjection } from './invoice-shares.js';
import { invoiceTotalsProjection } from './invoice-totals.js';
import { invoicesProjection } from './invoices.js';
import { onlinePaymentsProjection } from './online-payments.js';
import { paymentMethodsProjection } from './payment-methods.js';
import { profileStatsProjection } from './profile-stats.js';
import { quotesProjection } from './quotes.js';
import { recurringProjection } from './recurring.js';
import { remindersProjection } from './reminders.js';
import { settingsProjection } from './settings.js';
import { streamOwnersProjection } from './stream-owners.js';
import { subscriptionsProjection } from './subscriptions.js';
import { usersProjection } from './users.js';

/** Every read model the projector keeps. The query service waits on all of them for read-your-writes. */
export const projections: Projection[] = [
  usersProjection,
  settingsProjection,
  invoicesProjection,
  customersProjection,
  subscriptionsProjection,
  paymentMethodsProjection,
  profileStatsProjection,
  activitiesProjection,
  collectionProjection,
  invoiceSharesProjection,
  invoiceTotalsProjection,
  remindersProjection,
  clientsProjection,
  creditsProjection,
  creditNotesProjection,
  invoiceDraftsProjection,
  bankProjection,
  quotesProjection,
  recurringProjection,
  onlinePaymentsProjection,
  streamOwnersProjection,
  invoiceEInvoicesProjection,
];
