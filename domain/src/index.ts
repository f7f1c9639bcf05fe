/**
 * The domain: what Remit decides, with no service around it (docs/decisions.md, D-160). Deciders and the steps
 * that run them through the one pipeline; the command service runs them for HTTP, the projector's time process
 * for the clock. Pure but for the steps' reads, which the pipeline does.
 */

export {
  type ClientCommand,
  type ClientState,
  clientCommand,
  clientDecider,
  toClientView,
} from './clients/decider.js';
export { creditNoteContent } from './credit-notes/content.js';
export { type CreditNoteState, creditNoteDecider, sendCreditNote } from './credit-notes/decider.js';
export { type CreditNoteIssue, issueCreditNote } from './credit-notes/issue.js';
export { refundInvoice } from './credit-notes/refund.js';
export type { CollectionCommand, ProviderDispute, RecordOnlinePaymentData } from './invoices/collection.js';
export {
  balanceOf,
  isCredited,
  isSettled,
  type Payments,
  refundDueOf,
} from './invoices/collection-state.js';
export { type CreditCommand, creditLinesFor } from './invoices/credit.js';
export {
  collectInvoice,
  deleteInvoice,
  type InvoiceCommand,
  type InvoiceState,
  invoiceDecider,
  markInvoicePaidFor,
  recordInvoiceDownload,
} from './invoices/decider.js';
export {
  type DraftState,
  discardInvoiceDraft,
  invoiceDraftDecider,
  markInvoiceDraftIssued,
  saveInvoiceDraft,
} from './invoices/drafts.js';
export { issueInvoice, reviseInvoice } from './invoices/issue.js';
export { assignDocumentNumber, changeDocumentSeries } from './invoices/number-series.js';
export { notifyOwnerStep, recordOverdue, remindCustomer } from './invoices/reminders.js';
export { type ItemCommand, type ItemState, itemCommand, itemDecider, toItemView } from './items/decider.js';
export { type LogoUpload, logoUpload, uploadLogo } from './logos/decider.js';
export { type QuoteCommand, type QuoteState, quoteDecider } from './quotes/decider.js';
export { convertQuote, createQuote, invoiceFromQuote, quoteContent } from './quotes/issue.js';
export { quoteStep } from './quotes/step.js';
export {
  duePeriod,
  nextRunOf,
  type RecurringCommand,
  type RecurringRun,
  type RecurringState,
  recurringDecider,
  recurringStep,
} from './recurring/decider.js';
