import type { CreditEvent, CreditNoteLineInput, InvoiceRecord, InvoiceStreamEvent } from '@remit/contracts';
import { invoiceRecordFromV1 } from '@remit/contracts';
import { describe, expect, it } from 'vitest';
import { decider, stateOf } from '../testing/given.js';
import { ids, issued, voided } from '../testing/invoice.js';
import { balanceOf, isCredited, refundDueOf } from './collection-state.js';
import type { CreditCommand } from './credit.js';
import { invoiceDecider } from './decider.js';

const given = decider(invoiceDecider);

const credit = (
  lines: CreditNoteLineInput[] | null,
  creditNoteId = 'c1',
  number = 'CN-0001',
): CreditCommand => ({
  type: 'CreditInvoice',
  data: { ...ids, creditNoteId, number, lines },
});
const credited = (
  amount: number,
  lines: Array<{ line: number; net: number }>,
  full: boolean,
  creditNoteId = 'c1',
  number = 'CN-0001',
): CreditEvent => ({
  type: 'InvoiceCredited',
  data: { ...ids, creditNoteId, number, full, amount, currency: 'EUR', lines },
});
const paid = (amount: number): InvoiceStreamEvent => ({
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

/** Two lines: 2 × 50.00 and 1 × 30.00 at 20 % VAT (156.00). */
const twoLines: InvoiceRecord = invoiceRecordFromV1({
  ...(issued.data as InvoiceRecord),
  items: [
    { description: 'Design', quantity: 2, unitPrice: 5000, total: 10000 },
    { description: 'Hosting', quantity: 1, unitPrice: 3000, total: 3000 },
  ],
  subtotal: 13000,
  tax: 2600,
  total: 15600,
});
const issuedTwo: InvoiceStreamEvent = {
  type: 'InvoiceIssued',
  data: { ...ids, ...twoLines, status: 'Draft', origin: null },
};

describe('invoice decider: credit notes', () => {
  it('a full credit takes everything left off the invoice: a cancellation', () => {
    given([issued])
      .when(credit(null))
      .thenEmits([credited(12000, [{ line: 0, net: 10000 }], true)]);
  });

  it('a partial credit takes the typed quantity at the typed price, as the form reads them', () => {
    given([issuedTwo])
      .when(credit([{ line: 1, quantity: '1', unitPrice: '20,00' }]))
      .thenEmits([credited(2400, [{ line: 0, net: 2000 }], false)]);
  });

  it('refuses a partial credit that would exceed what is left of a line, naming the line and what is left', () => {
    const first = credited(7200, [{ line: 0, net: 6000 }], false);
    given([issuedTwo, first])
      .when(credit([{ line: 1, quantity: '1', unitPrice: '50.00' }], 'c2'))
      .thenThrows('Line 1 has €40.00 left to credit');
    try {
      invoiceDecider.decide(
        stateOf(invoiceDecider, [issuedTwo, first]),
        credit([{ line: 1, quantity: '1', unitPrice: '50.00' }], 'c2'),
      );
    } catch (error) {
      expect((error as { fields?: unknown }).fields).toEqual({
        'lines.0.quantity': 'Line 1 has €40.00 left to credit',
      });
    }
  });

  it('refuses unknown or repeated lines, bad numbers and a line that credits nothing', () => {
    given([issuedTwo])
      .when(credit([{ line: 3, quantity: '1', unitPrice: '1' }]))
      .thenThrows('The invoice has no line 3');
    given([issuedTwo])
      .when(
        credit([
          { line: 1, quantity: '1', unitPrice: '1' },
          { line: 1, quantity: '1', unitPrice: '1' },
        ]),
      )
      .thenThrows('Line 1 is listed twice');
    given([issuedTwo])
      .when(credit([{ line: 1, quantity: 'many', unitPrice: '1' }]))
      .thenThrows('Quantity is unclear');
    given([issuedTwo])
      .when(credit([{ line: 1, quantity: '1', unitPrice: '<script>' }]))
      .thenThrows('The unit price must be a number');
    given([issuedTwo])
      .when(credit([{ line: 1, quantity: '1', unitPrice: '0.00' }]))
      .thenThrows('Line 1 credits nothing');
  });

  it('a full credit after a partial one credits what is left, and then nothing is left', () => {
    const first = credited(7200, [{ line: 0, net: 6000 }], false);
    given([issuedTwo, first])
      .when(credit(null, 'c2', 'CN-0002'))
      .thenEmits([
        credited(
          8400,
          [
            { line: 0, net: 4000 },
            { line: 1, net: 3000 },
          ],
          true,
          'c2',
          'CN-0002',
        ),
      ]);
    const second = credited(
      8400,
      [
        { line: 0, net: 4000 },
        { line: 1, net: 3000 },
      ],
      true,
      'c2',
      'CN-0002',
    );
    given([issuedTwo, first, second])
      .when(credit(null, 'c3', 'CN-0003'))
      .thenThrows('Nothing is left to credit on this invoice');
  });

  it("refuses a void invoice and another user's invoice (not found)", () => {
    given([issued, voided]).when(credit(null)).thenThrows('void');
    given([issued])
      .when({
        type: 'CreditInvoice',
        data: { ...ids, userId: 'intruder', creditNoteId: 'c1', number: 'CN-0001', lines: null },
      })
      .thenThrows('Invoice not found');
  });

  it('balance = total − payments − credits; a fully credited unpaid invoice is Credited', () => {
    const state = stateOf(invoiceDecider, [issued, credited(12000, [{ line: 0, net: 10000 }], true)]);
    expect(balanceOf(state.content as InvoiceRecord, state.collection)).toBe(0);
    expect(isCredited(state.collection)).toBe(true);
    const partly = stateOf(invoiceDecider, [issuedTwo, credited(2400, [{ line: 0, net: 2000 }], false)]);
    expect(balanceOf(partly.content as InvoiceRecord, partly.collection)).toBe(13200);
  });

  it('a credited invoice that was paid owes a refund until one is recorded', () => {
    const history = [issued, paid(12000), credited(12000, [{ line: 0, net: 10000 }], true)];
    const state = stateOf(invoiceDecider, history);
    expect(refundDueOf(state.content as InvoiceRecord, state.collection)).toBe(12000);
    expect(isCredited(state.collection)).toBe(false);
    const refund = (amount: string): CreditCommand => ({
      type: 'RecordRefund',
      data: { ...ids, refundId: 'r1', amount, date: '2025-05-01', method: 'bank_transfer' },
    });
    given(history).when(refund('130')).thenThrows('At most €120.00 is owed back');
    given(history)
      .when(refund('120'))
      .thenEmits([
        {
          type: 'RefundRecorded',
          data: {
            ...ids,
            refundId: 'r1',
            amount: 12000,
            currency: 'EUR',
            date: '2025-05-01',
            method: 'bank_transfer',
          },
        },
      ]);
    given([issued]).when(refund('1')).thenThrows('Nothing is owed back');
  });

  it('a payment after a full credit finds no balance, and a credited invoice can no longer be revised', () => {
    const history = [issued, credited(12000, [{ line: 0, net: 10000 }], true)];
    given(history)
      .when({
        type: 'RecordPayment',
        data: {
          ...ids,
          paymentId: 'p1',
          amount: null,
          date: '2025-04-01',
          today: '2025-04-02',
          method: 'bank_transfer',
          reference: '',
          note: '',
        },
      })
      .thenThrows('no balance left');
    given(history).when({ type: 'DeleteInvoice', data: ids }).thenThrows('credit notes');
    given(history)
      .when({ type: 'VoidInvoice', data: { ...ids, reason: 'again' } })
      .thenThrows('This invoice has credit notes');
  });
});
