import {
  type EInvoice,
  parseQuantity,
  REVERSE_CHARGE_NOTE,
  SMALL_BUSINESS_EXEMPTION_DE,
  sampleEInvoice,
} from '@remit/contracts';
import type { EInvoiceXmlFormat } from './prepare.js';

/**
 * The invoices the e-invoice matrix test sends through the real renderer and the official rules: the cases the
 * issue names, the other VAT categories, and every template at least once as Factur-X (with and without a logo).
 * Plain EN 16931 CII is not listed separately: it is exactly the XML every Factur-X PDF embeds, and the validator
 * runs the EN 16931 CII rules on that. Each file costs the validator a JVM start, so the list stays this short.
 */
export interface MatrixCase {
  name: string;
  invoice: EInvoice;
  xml: EInvoiceXmlFormat[];
  /** Templates to render as Factur-X; `logo` adds the sample logo. */
  pdf: Array<{ template: string; logo?: boolean }>;
  /** A sentence the PDF must show (a legal text the case is about). */
  pdfShows?: string;
}

const base = sampleEInvoice();
const line = (
  description: string,
  quantity: string,
  unit: EInvoice['items'][number]['unit'],
  unitPrice: number,
) => ({
  description,
  quantity: parseQuantity(quantity),
  unit,
  unitPrice,
  vat: null,
});

const frenchBuyer: EInvoice['customer'] = {
  type: 'business',
  name: 'Camille Laurent',
  companyName: 'Atelier Laurent SARL',
  email: 'compta@atelier-laurent.fr',
  phone: '',
  address: { lines: ['8 Rue de la République'], postCode: '69002', city: 'Lyon', region: '', country: 'FR' },
  vatId: 'FR40303265045',
  buyerReference: null,
  electronicAddress: null,
};

export const matrixCases: MatrixCase[] = [
  {
    name: 'DE seller → FR business, reverse charge',
    invoice: sampleEInvoice({
      number: 'RE-2025-0101',
      customer: frenchBuyer,
      vat: { category: 'AE', rate: 0, exemption: null },
      items: [
        line('UX audit of the booking flow', '3', 'DAY', 90000),
        line('Workshop travel (flat)', '1', 'LS', 35000),
      ],
    }),
    xml: ['ubl'],
    pdf: [{ template: 'classic' }],
    pdfShows: REVERSE_CHARGE_NOTE,
  },
  {
    name: 'German 19% with a service period, seller with umlauts',
    invoice: sampleEInvoice({
      number: 'RE-2025-0102',
      seller: { ...base.seller, companyName: 'Müller & Söhne GmbH', name: 'Jürgen Müller' },
    }),
    xml: ['ubl', 'xrechnung-cii', 'xrechnung-ubl'],
    pdf: [{ template: 'modern', logo: true }],
    pdfShows: 'Service period 1 February 2025 – 28 February 2025',
  },
  {
    name: '§19 UStG small business',
    invoice: sampleEInvoice({
      number: 'RE-2025-0103',
      seller: {
        ...base.seller,
        vatId: null,
        taxNumber: '21/815/08150',
        companyName: 'Lena Vogel Fotografie',
        name: 'Lena Vogel',
      },
      vat: { category: 'E', rate: 0, exemption: { code: null, text: SMALL_BUSINESS_EXEMPTION_DE } },
      delivery: { kind: 'date', date: '2025-03-08' },
      items: [line('Portrait session', '1', 'C62', 45000), line('Retouching', '2.25', 'HUR', 6000)],
    }),
    xml: ['xrechnung-ubl'],
    pdf: [{ template: 'minimal' }],
    pdfShows: SMALL_BUSINESS_EXEMPTION_DE,
  },
  {
    name: 'mixed 19% and 7% lines',
    invoice: sampleEInvoice({
      number: 'RE-2025-0104',
      items: [
        line('Editorial design', '12.5', 'HUR', 7800),
        {
          ...line('Printed catalogue', '40', 'C62', 1999),
          vat: { category: 'S', rate: 700, exemption: null },
        },
        // Hostile text stays text: markup characters, quotes and a control character a paste could bring.
        line('Image licences <b>"A&B"</b> \u0007 ]]> é', '3', 'C62', 4500),
      ],
    }),
    xml: ['ubl', 'xrechnung-cii'],
    pdf: [{ template: 'bold', logo: true }],
  },
  {
    name: 'XRechnung with a Leitweg-ID to a public body',
    invoice: sampleEInvoice({
      number: 'RE-2025-0105',
      customer: {
        type: 'public_body',
        name: 'Sabine Krüger',
        companyName: 'Bezirksamt Pankow von Berlin',
        email: 'rechnungen@ba-pankow.berlin.de',
        phone: '',
        address: {
          lines: ['Breite Straße 24a-26'],
          postCode: '13187',
          city: 'Berlin',
          region: 'Berlin',
          country: 'DE',
        },
        vatId: null,
        buyerReference: '11000000-12345-67',
        electronicAddress: 'xrechnung@ba-pankow.berlin.de',
      },
      delivery: { kind: 'date', date: '2025-03-10' },
    }),
    xml: ['xrechnung-cii', 'xrechnung-ubl'],
    pdf: [{ template: 'elegant' }],
    pdfShows: 'Buyer reference: 11000000-12345-67',
  },
  {
    name: 'JPY invoice',
    invoice: sampleEInvoice({
      number: 'INV-2025-0106',
      currency: 'JPY',
      seller: {
        ...base.seller,
        companyName: 'Sakura Design KK',
        name: 'Haruto Sato',
        email: 'billing@sakura-design.jp',
        address: {
          lines: ['1-2-3 Jingumae'],
          postCode: '150-0001',
          city: 'Tokyo',
          region: 'Shibuya',
          country: 'JP',
        },
        vatId: 'JPT1234567890123',
        taxNumber: null,
      },
      customer: {
        ...base.customer,
        address: {
          lines: ['2-4-1 Marunouchi'],
          postCode: '100-6390',
          city: 'Tokyo',
          region: '',
          country: 'JP',
        },
        vatId: null,
      },
      vat: { category: 'S', rate: 1000, exemption: null },
      paymentMethod: {
        type: 'digital',
        name: 'Card payment',
        link: 'https://pay.example.com/inv-2025-0106',
        instructions: '',
      },
      items: [line('Illustration set', '1', 'SET', 180000), line('Art direction', '3.5', 'HUR', 15001)],
    }),
    xml: ['ubl'],
    pdf: [{ template: 'compact' }],
  },
  {
    name: 'intra-community supply of goods (K)',
    invoice: sampleEInvoice({
      number: 'RE-2025-0107',
      customer: { ...frenchBuyer, buyerReference: 'PO-4411' },
      vat: { category: 'K', rate: 0, exemption: null },
      delivery: { kind: 'date', date: '2025-03-12' },
      items: [line('Hand-bound sketchbooks', '25', 'C62', 3400), line('Packaging', '1.5', 'KGM', 1200)],
    }),
    xml: ['ubl', 'xrechnung-cii', 'xrechnung-ubl'],
    pdf: [{ template: 'corporate', logo: true }],
  },
  {
    name: 'export outside the EU (G)',
    invoice: sampleEInvoice({
      number: 'RE-2025-0108',
      customer: {
        ...frenchBuyer,
        companyName: 'Alpine Print AG',
        email: 'ap@alpineprint.ch',
        address: {
          lines: ['Bahnhofstrasse 10'],
          postCode: '8001',
          city: 'Zürich',
          region: 'ZH',
          country: 'CH',
        },
        vatId: 'CHE123456789',
      },
      vat: { category: 'G', rate: 0, exemption: null },
      items: [line('Poster series (print run)', '500', 'C62', 250)],
    }),
    xml: ['ubl'],
    pdf: [{ template: 'monochrome' }],
  },
  {
    name: 'not subject to VAT (O)',
    invoice: sampleEInvoice({
      number: 'RE-2025-0109',
      vat: { category: 'O', rate: 0, exemption: null },
    }),
    xml: ['ubl', 'xrechnung-cii', 'xrechnung-ubl'],
    pdf: [{ template: 'colourful', logo: true }],
  },
  {
    name: 'zero rated with decimal quantities',
    invoice: sampleEInvoice({
      number: 'RE-2025-0110',
      vat: { category: 'Z', rate: 0, exemption: null },
      items: [line('Translation', '0.3333', 'HUR', 6000), line('Proofreading', '1.0001', 'HUR', 5000)],
    }),
    xml: [],
    pdf: [{ template: 'studio' }, { template: 'studio', logo: true }],
  },
];

/** Invoices an e-invoice is refused for, with exactly the messages the user sees. */
export const refusalCases: Array<{ name: string; invoice: EInvoice; messages: string[] }> = [
  {
    name: 'missing seller country',
    invoice: sampleEInvoice({
      seller: { ...base.seller, address: { ...base.seller.address, country: null } },
    }),
    messages: ['Seller country (BT-40) is missing'],
  },
  {
    name: 'missing delivery date',
    invoice: sampleEInvoice({ delivery: null }),
    messages: ['Delivery date or service period (BT-72 / BG-14) is missing'],
  },
];
