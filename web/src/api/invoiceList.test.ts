import { invoiceListAnswerSchema as contractSchema } from '@remit/contracts';
import { describe, expect, it } from 'vitest';
import { invoiceListAnswerSchema } from './invoiceList';

const row = {
  ID: 'inv-1',
  InvoiceNumber: 'INV-0001',
  IssueDate: '2026-11-01',
  DueDate: '2026-11-15',
  Status: 'Draft',
  is_paid: false,
  Amount: 12_345,
  Currency: 'EUR',
  CustomerName: 'Ada Lovelace',
  CustomerCompanyName: 'Analytical Engines',
  CustomerEmail: 'ada@example.com',
  locked: false,
  CollectionStatus: 'partially_paid',
  AmountPaid: 5_000,
  Balance: 7_345,
};
const answer = {
  invoices: [row],
  pagination: { page: 1, limit: 15, total: 1, total_pages: 1, total_capped: false, next_cursor: null },
};

describe("the dashboard list's answer schema (zod/mini, the first screen's)", () => {
  it('reads what the contracts read, and strips the same unknown fields', () => {
    const withExtra = { ...answer, invoices: [{ ...row, Items: [], Notes: 'not in a list row' }], extra: 1 };
    for (const input of [
      answer,
      withExtra,
      { ...answer, invoices: [{ ...row, CollectionStatus: undefined }] },
    ]) {
      const contract = contractSchema.safeParse(input);
      const mini = invoiceListAnswerSchema.safeParse(input);
      expect(contract.success).toBe(true);
      expect(mini.success).toBe(true);
      expect(mini.data).toEqual(contract.data);
    }
  });

  it('refuses what the contracts refuse', () => {
    const bad = [
      { ...answer, invoices: [{ ...row, Amount: 123.45 }] },
      { ...answer, invoices: [{ ...row, Amount: '12345' }] },
      { ...answer, invoices: [{ ...row, Status: 'Sent' }] },
      { ...answer, invoices: [{ ...row, CollectionStatus: 'lost' }] },
      { ...answer, invoices: [{ ...row, locked: undefined }] },
      { ...answer, invoices: [{ ...row, ID: undefined }] },
      { ...answer, pagination: { ...answer.pagination, total: 1.5 } },
      { ...answer, pagination: { ...answer.pagination, next_cursor: 7 } },
      { invoices: [row] },
    ];
    for (const input of bad) {
      expect(contractSchema.safeParse(input).success).toBe(false);
      expect(invoiceListAnswerSchema.safeParse(input).success).toBe(false);
    }
  });
});
