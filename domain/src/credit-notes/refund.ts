import { invoiceStreamId } from '@remit/contracts';
import { step } from '@remit/eventstore';
import type { CreditCommand } from '../invoices/credit.js';
import { invoiceDecider } from '../invoices/decider.js';

/** Money paid back to the customer of a credited invoice, at most what is owed back (a command on the invoice). */
export const refundInvoice = (data: Extract<CreditCommand, { type: 'RecordRefund' }>['data']) =>
  step({
    decider: invoiceDecider,
    streams: invoiceStreamId(data.invoiceId),
    command: { type: 'RecordRefund', data },
  });
