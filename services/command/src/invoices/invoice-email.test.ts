import type { InvoiceContent } from '@remit/contracts';
import { describe, expect, it } from 'vitest';
import { invoiceEmail } from './invoice-email.js';

const party = (name: string, email: string) => ({
  name,
  email,
  address: '1 Main Street, Berlin',
  companyName: '',
  vatId: null,
});

const content = (paymentMethod: InvoiceContent['paymentMethod']): InvoiceContent => ({
  number: 'INV-2026-07',
  issueDate: '2026-03-01',
  dueDate: '2026-03-31',
  currency: 'EUR',
  taxRate: 0,
  items: [{ description: 'Relaunch', quantity: 1, unitPrice: 50_000, total: 50_000 }],
  subtotal: 50_000,
  tax: 0,
  total: 50_000,
  seller: party('Ada Lovelace', 'ada@example.com'),
  customer: party('Charles Babbage', 'charles@example.com'),
  notes: '',
  terms: '',
  logo: null,
  paymentMethod,
  template: { id: 'classic', name: 'Classic', componentName: 'Classic' },
});

const mailFor = (paymentMethod: InvoiceContent['paymentMethod']) =>
  invoiceEmail({
    sendId: 'send-1',
    to: ['charles@example.com'],
    cc: [],
    subject: 'Invoice INV-2026-07',
    message: '',
    content: content(paymentMethod),
    balance: 50_000,
    pdf: { filename: 'Invoice.pdf', content: Buffer.from('%PDF-') },
    mailDomain: 'remit.test',
  });

/** The HTML part as a reader sees it: a label's cell and its value's read "Label: value". */
const shown = (html: string) => html.replace(/<\/td><td[^>]*>/g, ': ').replace(/<[^>]+>/g, ' ');

describe("the sent e-mail's 'How to pay' (the customer page's rule)", () => {
  it('shows the IBAN in groups of four and the invoice number as the reference, in text and HTML', () => {
    const mail = mailFor({
      id: 'pm-1',
      name: 'Main account',
      type: 'bank_transfer',
      bankName: 'Deutsche Bank',
      iban: 'DE89370400440532013000',
      swift: 'DEUTDEFF500',
      accountNumber: '0532013000',
      instructions: 'Please pay within 30 days.',
    });
    for (const part of [mail.text, shown(String(mail.html))]) {
      expect(part).toContain('Bank: Deutsche Bank');
      expect(part).toContain('IBAN: DE89 3704 0044 0532 0130 00');
      expect(part).toContain('BIC: DEUTDEFF500');
      expect(part).toContain('Reference: INV-2026-07');
      expect(part).toContain('Please pay within 30 days.');
      // The account number is what the IBAN already says; the customer page leaves it out too.
      expect(part).not.toContain('Account: 0532013000');
    }
  });

  it("names a digital method's link and the reference", () => {
    const mail = mailFor({
      id: 'pm-2',
      name: 'PayPal',
      type: 'digital',
      paymentLink: 'https://paypal.me/ada',
    });
    expect(mail.text).toContain('Pay online: https://paypal.me/ada');
    expect(mail.text).toContain('Reference: INV-2026-07');
    expect(shown(String(mail.html))).toContain('Reference: INV-2026-07');
  });
});

describe("the sent e-mail's 'Pay {amount}' (issue 31)", () => {
  it('links the customer page checkout first when the owner takes online payments, in text and HTML', () => {
    const mail = invoiceEmail({
      sendId: 'send-2',
      to: ['charles@example.com'],
      cc: [],
      subject: 'Invoice INV-2026-07',
      message: '',
      content: content(null),
      balance: 50_000,
      pageUrl: 'https://remit.test/i/token',
      onlinePayUrl: 'https://remit.test/i/token?pay=1',
      pdf: { filename: 'Invoice.pdf', content: Buffer.from('%PDF-') },
      mailDomain: 'remit.test',
    });
    expect(mail.text).toContain('Pay €500.00: https://remit.test/i/token?pay=1');
    const html = String(mail.html);
    expect(html).toContain('<a href="https://remit.test/i/token?pay=1"');
    expect(html.indexOf('Pay €500.00')).toBeLessThan(html.indexOf('View invoice online'));
  });

  it('has no Pay button without online payments or a payment link', () => {
    const mail = mailFor(null);
    expect(String(mail.html)).not.toContain('Pay €');
  });
});
