import type { EInvoice, InvoiceDocument } from '@remit/contracts';
import { sampleEInvoice, sampleInvoiceDocument, toMinorUnits } from '@remit/contracts';
import { sampleInvoiceWithItems, sampleLogoDataUrl } from './samples.js';

/**
 * The worst real data a template must hold (issue 17): long parties and e-mail addresses, unbroken words (product
 * codes, URLs, IBANs), many long lines, long notes and terms, currencies without and with three decimals. The
 * layout test renders each through every template and checks the geometry; the contact sheet shows them.
 */

const logo = { dataUrl: sampleLogoDataUrl };

const longSeller: InvoiceDocument['seller'] = {
  name: 'Augusta Ada King-Noel, Countess of Lovelace',
  companyName: 'Lovelace Analytical Consulting & Engineering Partners Ltd',
  email: 'accounts.receivable@lovelaceconsulting.com',
  address:
    'Suite 14, Analytical Engine House\n221 Great Marlborough Street, Soho\nLondon W1F 7HL\nUnited Kingdom',
  vatId: 'GB123456789',
  logo,
};

const longCustomer: InvoiceDocument['customer'] = {
  name: 'Charles Babbage, Head of Procurement',
  companyName: 'Babbage Difference Engines & Calculating Machines Holdings plc',
  email: 'finance.department@babbageengines.co.uk',
  address: 'Accounts Payable, Floor 7\n1 Dorset Street, Marylebone\nLondon W1U 4EG\nUnited Kingdom',
  vatId: 'GB987654321',
};

const longNotes =
  'Thank you for your business. This invoice covers the analysis, design and delivery described in statement of work SOW-2025-117, signed on 3 February 2025. ' +
  'Please quote the invoice number with every payment so that our accounts team can match it at once; remittance advice may be sent to the accounts address above. ' +
  'Questions about individual lines are welcome within fourteen days of the issue date.';

const longTerms = Array(4)
  .fill(
    'Payment is due within 30 days of the issue date. Late payments incur interest at eight percentage points above the Bank of England base rate under the Late Payment of Commercial Debts (Interest) Act 1998, plus a fixed recovery fee. Ownership of all deliverables passes on payment in full.',
  )
  .join(' ')
  .slice(0, 1000)
  .replace(/\s+\S*$/, '.');

const longDescriptions = [
  'Requirements workshop with stakeholders from finance, operations and IT, including preparation, facilitation and a written summary of decisions',
  'Product code LVC-ANALYTICAL-ENGINE-MODULE-2025-REV-B-COMPLIANCE-CERTIFIED-0000123 (licence, twelve months)',
  'Data migration of historic ledgers (1998–2024) to the new platform, reconciliation of balances and sign-off report',
  'Documentation at https://docs.lovelaceconsulting.com/projects/babbage/difference-engine/handover/v2',
  'On-site support, two engineers, including travel time between London and Manchester',
];

function longLines(count: number, currency: string) {
  return Array.from({ length: count }, (_, index) => ({
    description: `${longDescriptions[index % longDescriptions.length]} (${index + 1})`,
    quantity: (index % 7) + 1,
    unitPrice: toMinorUnits(
      `${1200 + ((index * 377) % 9000)}.${String((index * 13) % 100).padStart(2, '0')}`,
      currency,
    ),
  }));
}

/** A 254-character address, the longest RFC 5321 allows: a 64-character local part and a long domain. */
const longestEmail =
  `${'a'.repeat(30)}.${'b'.repeat(33)}@${'accounts-receivable-department'.repeat(6).slice(0, 178)}.co.uk`.slice(
    0,
    254,
  );

export interface StressCase {
  id: string;
  label: string;
  invoice: InvoiceDocument;
}

export function stressInvoices(): StressCase[] {
  const base = sampleInvoiceDocument();
  return [
    {
      id: 'short-logo',
      label: '3 lines and a logo',
      invoice: sampleInvoiceDocument({
        number: 'INV-2025-0042',
        seller: { ...base.seller, logo },
        items: base.items.slice(0, 3),
      }),
    },
    {
      id: 'long-40',
      label: '40 long lines, long parties, notes and terms',
      invoice: sampleInvoiceDocument({
        number: 'LVC/2025/000417-A',
        seller: longSeller,
        customer: longCustomer,
        notes: longNotes,
        terms: longTerms,
        items: longLines(40, 'GBP'),
        currency: 'GBP',
      }),
    },
    {
      id: 'jpy',
      label: 'JPY',
      invoice: sampleInvoiceWithItems(12, 'JPY', {
        number: 'INV-JPY-2025-7781',
        seller: { ...base.seller, logo },
      }),
    },
    {
      id: 'kwd',
      label: 'KWD',
      invoice: sampleInvoiceDocument({
        number: 'INV-KWD-2025-0093',
        currency: 'KWD',
        items: longLines(8, 'KWD'),
        customer: {
          ...base.customer,
          companyName: 'Al-Sabah Trading & Contracting Company W.L.L.',
          address: 'Kuwait City, Sharq\nKuwait',
        },
      }),
    },
    {
      id: 'emails-42',
      label: '36–42-character e-mails',
      invoice: sampleInvoiceDocument({
        number: 'INV-2025-0110',
        seller: { ...base.seller, email: 'accounts.receivable@lovelaceconsulting.com' },
        customer: { ...base.customer, email: 'finance.department@babbageengines.co.uk' },
      }),
    },
    {
      id: 'email-254',
      label: '254-character e-mails',
      invoice: sampleInvoiceDocument({
        number: 'INV-2025-0254',
        seller: { ...longSeller, email: longestEmail },
        customer: { ...longCustomer, email: longestEmail.replace(/^a+/, (a) => 'c'.repeat(a.length)) },
      }),
    },
    {
      id: 'unbroken',
      label: '100-character unbroken description',
      invoice: sampleInvoiceDocument({
        number: 'INV-2025-0100',
        items: [
          { description: `${'X'.repeat(40)}-SKU-${'7'.repeat(55)}`, quantity: 1, unitPrice: 125000 },
          {
            description: `https://example.com/${'deliverables/'.repeat(6)}final.zip`,
            quantity: 2,
            unitPrice: 9900,
          },
          { description: 'Consulting', quantity: 3, unitPrice: 45000 },
        ],
      }),
    },
    {
      id: 'lines-200',
      label: '200 lines',
      invoice: sampleInvoiceWithItems(200, 'EUR', {
        number: 'INV-2025-0200',
        seller: { ...base.seller, logo },
      }),
    },
    {
      id: 'no-notes',
      label: 'empty notes and terms',
      invoice: sampleInvoiceDocument({ number: 'INV-2025-0001', notes: '', terms: '' }),
    },
  ];
}

export interface EInvoiceStressCase {
  id: string;
  label: string;
  invoice: EInvoice;
}

/**
 * Invoices of the e-invoice model, which carry what plain invoices do not: the GiroCode (EUR by SEPA transfer),
 * a service period, and VAT at more than one rate.
 */
export function eInvoiceStressInvoices(): EInvoiceStressCase[] {
  const base = sampleEInvoice();
  const reduced = { category: 'S' as const, rate: 700, exemption: null };
  return [
    {
      id: 'girocode',
      label: 'GiroCode and a service period',
      invoice: sampleEInvoice({ number: 'RE-2025-0777' }),
    },
    {
      id: 'two-rates',
      label: 'VAT at 19% and 7%, a delivery date',
      invoice: sampleEInvoice({
        number: 'RE-2025-0778',
        delivery: { kind: 'date', date: '2025-03-10' },
        items: [
          ...base.items,
          {
            ...(base.items[0] as EInvoice['items'][number]),
            description: 'Printed brand book (reduced rate)',
            vat: reduced,
          },
        ],
      }),
    },
  ];
}
