import {
  type CollectionEvent,
  type InvoiceRecord,
  type InvoiceStreamEvent,
  invoiceRecordFromV1,
} from '@remit/contracts';
import { describe, it } from 'vitest';
import { decider } from '../testing/given.js';
import type { CollectionCommand } from './collection.js';
import { invoiceDecider } from './decider.js';

const given = decider(invoiceDecider);

const party = { name: 'Ada', email: 'ada@example.com', address: '1 Main St', companyName: '', vatId: null };
const content: InvoiceRecord = invoiceRecordFromV1({
  number: 'INV-001',
  issueDate: '2025-03-14',
  dueDate: '2025-04-13',
  currency: 'EUR',
  taxRate: 0,
  items: [{ description: 'Design', quantity: 1, unitPrice: 12000, total: 12000 }],
  subtotal: 12000,
  tax: 0,
  total: 12000,
  seller: party,
  customer: { ...party, name: 'Bob', email: 'bob@example.com' },
  notes: '',
  terms: '',
  logo: null,
  paymentMethod: null,
  template: { id: 'classic', name: 'Classic', componentName: 'classic' },
});
const ids = { invoiceId: 'i1', userId: 'u1' };
const issued: InvoiceStreamEvent = {
  type: 'InvoiceIssued',
  data: { ...ids, ...content, status: 'Draft', origin: null },
};
const issuedWithoutEmail: InvoiceStreamEvent = {
  type: 'InvoiceIssued',
  data: { ...ids, ...content, customer: { ...content.customer, email: '' }, status: 'Draft', origin: null },
};
const paid = (amount: number): CollectionEvent => ({
  type: 'PaymentRecorded',
  data: {
    ...ids,
    paymentId: `p${amount}`,
    amount,
    currency: 'EUR',
    date: '2025-04-01',
    method: 'bank_transfer',
    reference: '',
    note: '',
    source: 'owner',
    fee: 0,
  },
});
const voided: CollectionEvent = { type: 'InvoiceVoided', data: { ...ids, number: 'INV-001', reason: 'x' } };

const overdueOn = (today: string): CollectionCommand => ({ type: 'RecordOverdue', data: { ...ids, today } });
const becameOverdue = (balance: number): CollectionEvent => ({
  type: 'InvoiceBecameOverdue',
  data: { ...ids, dueDate: '2025-04-13', balance, currency: 'EUR' },
});
const remind = (today: string, offsets = [-3, 0, 7, 14]): CollectionCommand => ({
  type: 'RemindCustomer',
  data: { ...ids, today, offsets },
});
const sent = (offset: number, balance = 12000): CollectionEvent => ({
  type: 'InvoiceReminderSent',
  data: { ...ids, offset, to: 'bob@example.com', dueDate: '2025-04-13', balance, currency: 'EUR' },
});
const skipped = (
  offset: number,
  reason: 'superseded' | 'no_customer_email' = 'superseded',
): CollectionEvent => ({
  type: 'InvoiceReminderSkipped',
  data: { ...ids, offset, reason },
});
const optedOut: CollectionEvent = { type: 'InvoiceRemindersOptedOut', data: ids };
const optedIn: CollectionEvent = { type: 'InvoiceRemindersOptedIn', data: ids };

describe('invoice decider: overdue, once', () => {
  it('records InvoiceBecameOverdue the day after the due date, with the balance then', () => {
    given([issued]).when(overdueOn('2025-04-13')).thenNothing();
    given([issued])
      .when(overdueOn('2025-04-14'))
      .thenEmits([becameOverdue(12000)]);
    given([issued, paid(2000)])
      .when(overdueOn('2025-05-01'))
      .thenEmits([becameOverdue(10000)]);
  });
  it('never records it twice, even after a payment is reversed', () => {
    given([issued, becameOverdue(12000)])
      .when(overdueOn('2025-06-01'))
      .thenNothing();
  });
  it('records nothing for a paid, void or deleted invoice', () => {
    given([issued, paid(12000)])
      .when(overdueOn('2025-05-01'))
      .thenNothing();
    given([issued, voided]).when(overdueOn('2025-05-01')).thenNothing();
    given([issued, { type: 'InvoiceDeleted', data: { ...ids, number: 'INV-001' } }])
      .when(overdueOn('2025-05-01'))
      .thenNothing();
    given([]).when(overdueOn('2025-05-01')).thenNothing();
  });
  it("refuses another user's invoice as not found", () => {
    given([issued])
      .when({ type: 'RecordOverdue', data: { invoiceId: 'i1', userId: 'u2', today: '2025-05-01' } })
      .thenThrows('Invoice not found');
  });
});

describe('invoice decider: reminders', () => {
  it('sends the reminder whose day came, once', () => {
    given([issued]).when(remind('2025-04-09')).thenNothing();
    given([issued])
      .when(remind('2025-04-10'))
      .thenEmits([sent(-3)]);
    given([issued, sent(-3)])
      .when(remind('2025-04-12'))
      .thenNothing();
    given([issued, sent(-3)])
      .when(remind('2025-04-13'))
      .thenEmits([sent(0)]);
  });
  it('after downtime, mails only the latest reminder due and records the earlier ones as skipped', () => {
    given([issued])
      .when(remind('2025-05-13'))
      .thenEmits([skipped(-3), skipped(0), skipped(7), sent(14)]);
    given([issued, sent(-3)])
      .when(remind('2025-04-25'))
      .thenEmits([skipped(0), sent(7)]);
  });
  it('never sends one older than a reminder already handled (a policy changed later)', () => {
    given([issued, sent(14)])
      .when(remind('2025-05-13', [3, 7, 14]))
      .thenEmits([skipped(3), skipped(7)]);
  });
  it('a reminder dated before the invoice was issued never comes due', () => {
    const lateIssue: InvoiceStreamEvent = {
      type: 'InvoiceIssued',
      data: { ...ids, ...content, issueDate: '2025-04-12', status: 'Draft', origin: null },
    };
    given([lateIssue]).when(remind('2025-04-12')).thenNothing();
    given([lateIssue])
      .when(remind('2025-04-13'))
      .thenEmits([sent(0)]);
  });
  it('skips with a reason when the invoice has no customer e-mail', () => {
    given([issuedWithoutEmail])
      .when(remind('2025-04-10'))
      .thenEmits([skipped(-3, 'no_customer_email')]);
    given([issuedWithoutEmail, skipped(-3, 'no_customer_email')])
      .when(remind('2025-04-11'))
      .thenNothing();
  });
  it('sends none for a paid, void or opted-out invoice; opting in again resumes', () => {
    given([issued, paid(12000)])
      .when(remind('2025-04-20'))
      .thenNothing();
    given([issued, voided]).when(remind('2025-04-20')).thenNothing();
    given([issued, optedOut]).when(remind('2025-04-20')).thenNothing();
    given([issued, optedOut, optedIn])
      .when(remind('2025-04-13'))
      .thenEmits([skipped(-3), sent(0)]);
  });
  it('reminds of the balance still due', () => {
    given([issued, paid(2000)])
      .when(remind('2025-04-10'))
      .thenEmits([sent(-3, 10000)]);
  });
});

describe('invoice decider: per-invoice opt-out', () => {
  const set = (enabled: boolean, userId = 'u1'): CollectionCommand => ({
    type: 'SetInvoiceReminders',
    data: { invoiceId: 'i1', userId, enabled },
  });
  it('records a change only', () => {
    given([issued]).when(set(false)).thenEmits([optedOut]);
    given([issued, optedOut]).when(set(false)).thenNothing();
    given([issued, optedOut]).when(set(true)).thenEmits([optedIn]);
    given([issued]).when(set(true)).thenNothing();
  });
  it("refuses another user's invoice as not found", () => {
    given([issued]).when(set(false, 'u2')).thenThrows('Invoice not found');
  });
});
