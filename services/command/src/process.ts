/**
 * What the projector's time process takes from the command side (`@remit/command/process`): the invoice
 * decider's time-driven commands and the mailer, without the HTTP service around them.
 */

export { balanceOf } from './invoices/collection-state.js';
export { type InvoiceState, invoiceDecider } from './invoices/decider.js';
export { notifyOwnerStep, recordOverdue, remindCustomer } from './invoices/reminders.js';
