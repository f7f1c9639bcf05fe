import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceContent, party } from '../testing/invoice-content.js';
import { projectionSpec } from '../testing/spec.js';
import { creditNotesProjection } from './credit-notes.js';

const spec = projectionSpec(creditNotesProjection);
beforeAll(() => spec.open());
afterAll(() => spec.close());

const issued = (creditNoteId: string, number: string, customer: ReturnType<typeof party>, full = false) =>
  ({
    type: 'CreditNoteIssued',
    data: {
      creditNoteId,
      userId: 'u1',
      invoiceId: `i-${creditNoteId}`,
      invoice: { number: 'INV-0007', issueDate: '2026-11-01' },
      reason: 'Wrong hourly rate',
      full,
      lines: [] as { line: number; quantity: number; unitPrice: number; net: number }[],
      content: invoiceContent(number, customer, { total: 1190 }),
    },
  }) as const;

describe('the credit-notes projection', () => {
  it('lists each credit note once with its customer, invoice and total; re-delivery changes nothing', async () => {
    const batch = await spec.given([
      issued('c1', 'CN-0001', party('Zoë Ångström', 'Zoe@Example.com')),
      issued('c2', 'CN-0002', party('王小明', 'wang@example.cn'), true),
    ]);
    const rows = async () =>
      (await spec.rows('credit_notes', ['issued_position'])).map((row) => [
        row.number,
        row.invoice_number,
        row.customer_name,
        row.customer_email,
        row.total,
        row.full,
        row.search,
      ]);
    expect(await rows()).toEqual([
      [
        'CN-0001',
        'INV-0007',
        'Zoë Ångström',
        'zoe@example.com',
        1190,
        false,
        expect.stringContaining('zoë ångström'),
      ],
      [
        'CN-0002',
        'INV-0007',
        '王小明',
        'wang@example.cn',
        1190,
        true,
        expect.stringContaining('cn-0002 inv-0007 王小明'),
      ],
    ]);
    const before = await spec.snapshot();
    await spec.redeliver(batch);
    expect(await spec.snapshot()).toEqual(before);
  });
});
