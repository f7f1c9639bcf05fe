import { formatDocumentDate, type PublicInvoiceView } from '@remit/contracts';
import { describe, expect, it } from 'vitest';
import { customerPage } from './page.js';

const party = {
  name: 'Anna Schmidt',
  companyName: 'Schmidt & Söhne',
  email: 'anna@example.de',
  address: 'Berlin',
  vatId: null,
};

const view = (overrides: Partial<PublicInvoiceView> = {}): PublicInvoiceView => ({
  language: 'de',
  number: 'RE-7',
  issueDate: '2026-03-01',
  dueDate: '2026-03-31',
  currency: 'EUR',
  subtotal: 100_000,
  tax: 19_000,
  total: 119_000,
  seller: party,
  customer: { ...party, name: 'Zoë Łukasiewicz-Ørsted', companyName: '' },
  status: 'partially_paid',
  creditNotes: [],
  amountPaid: 19_000,
  balance: 100_000,
  settled: false,
  payOnline: true,
  payment: {
    type: 'bank_transfer',
    name: 'Sparkasse',
    bankName: 'Sparkasse',
    iban: 'DE89370400440532013000',
    swift: 'COBADEFFXXX',
    accountNumber: '',
    paymentLink: '',
    instructions: '',
    reference: 'RE-7',
  },
  ...overrides,
});

describe('the customer page as the server writes it', () => {
  it("speaks the invoice's language (issue 30): its words, money and dates", () => {
    const html = customerPage(view(), 'token', null, '/i/customer-page.js');
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('<title>Rechnung RE-7 von Schmidt &#38; Söhne</title>');
    expect(html).toContain('<h1>Rechnung RE-7</h1>');
    expect(html).toMatch(/1\.000,00\s€/);
    expect(html).toContain(formatDocumentDate('2026-03-31', 'de'));
    expect(html).toContain('Teilweise bezahlt');
    expect(html).toContain('PDF herunterladen');
    expect(html).not.toContain('Amount due');
  });

  it("says 'Pay', a cancelled checkout and what its script says next in the invoice's language (issue 31)", () => {
    const html = customerPage(
      view({ language: 'nl', payOnline: true }),
      'token',
      'cancelled',
      '/i/customer-page.js',
    );
    expect(html).toMatch(/data-pay>€\s?1\.000,00 betalen<\/button>/);
    expect(html).toContain('Betaling geannuleerd. Er is niets afgeschreven.');
    const words = JSON.parse(
      (/data-words="([^"]*)"/.exec(html)?.[1] ?? '{}').replace(/&#(\d+);/g, (_, code) =>
        String.fromCharCode(Number(code)),
      ),
    );
    expect(words).toMatchObject({
      received: 'Betaling ontvangen. Dank u wel!',
      nothingDue: 'Deze factuur is al betaald.',
    });
    expect(html).not.toMatch(/Payment|Pay €/);
  });

  it("offers 'Pay {amount}' for the balance only while one is due, and says a cancelled checkout charged nothing", () => {
    const open = customerPage(view({ language: 'en' }), 'token', 'cancelled', '/i/customer-page.js');
    expect(open).toContain('data-pay>Pay €1,000.00</button>');
    expect(open).toContain('Payment cancelled. Nothing was charged.');
    expect(open).toContain('class="download secondary"');
    const paid = customerPage(
      view({
        language: 'en',
        settled: true,
        status: 'paid',
        balance: 0,
        amountPaid: 119_000,
        payOnline: false,
      }),
      'token',
      null,
      '/i/customer-page.js',
    );
    expect(paid).not.toContain('data-pay');
    expect(paid).toContain('Paid in full');
    expect(paid).toContain('€1,190.00');
    expect(paid).not.toContain('How to pay');
  });

  it('lists the credit notes that correct it, each with its PDF', () => {
    const html = customerPage(
      view({
        language: 'en',
        creditNotes: [
          {
            id: 'cn-1',
            number: 'CN-1',
            issueDate: '2026-03-05',
            reason: 'Returned',
            total: 19_000,
            full: false,
          },
        ],
      }),
      'token',
      null,
      '/i/customer-page.js',
    );
    expect(html).toContain('Credit notes');
    expect(html).toContain('−€190.00');
    expect(html).toContain(
      'href="/api/public/invoices/token/credit-notes/cn-1/pdf" download>Download CN-1 (PDF)</a>',
    );
  });
});
