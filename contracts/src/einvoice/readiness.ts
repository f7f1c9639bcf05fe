import { currencyByCode } from '../currencies.js';
import { hasTooManyDecimalsForEInvoice, type VatCategory, vatCategories } from './codes.js';
import { undrawableIssues } from './drawable.js';
import { type EInvoice, isVatIdFormat } from './model.js';
import { paymentMeansFor } from './payment.js';

/**
 * Which business terms an invoice still lacks before it can be sent as an e-invoice, per format, with the message
 * the user sees. Pure: the wizard shows the list as a checklist, the API answers 422 with it. An empty list means
 * every output of that format passes the official rules (the CI matrix proves it for the cases it covers).
 *
 * - `en16931`: EN 16931 itself — the CII and UBL files and the Factur-X PDF.
 * - `xrechnung`: the German CIUS on top (BR-DE-*): buyer reference, full addresses, the seller's contact.
 */
export const eInvoiceFormats = ['en16931', 'xrechnung'] as const;
export type EInvoiceFormat = (typeof eInvoiceFormats)[number];

export interface ReadinessIssue {
  /** The business term (or rule) at fault: 'BT-40', 'BR-O-11', 'currency'. */
  term: string;
  /** Where the user fixes it, as a path into the invoice ('seller.address.country', 'items.2.vat'). */
  field: string;
  message: string;
}

export function eInvoiceReadiness(invoice: EInvoice, format: EInvoiceFormat): ReadinessIssue[] {
  const currencyIssue = checkCurrency(invoice.currency);
  // Nothing else matters while the currency itself rules the e-invoice out.
  if (currencyIssue) return [currencyIssue];
  const issues = [
    ...checkParties(invoice),
    ...checkVat(invoice),
    ...checkDelivery(invoice),
    ...checkPayment(invoice),
    ...undrawableIssues(invoice),
  ];
  if (format === 'xrechnung') issues.push(...checkXRechnung(invoice));
  return dedupe(issues);
}

export function isEInvoiceReady(invoice: EInvoice, format: EInvoiceFormat): boolean {
  return eInvoiceReadiness(invoice, format).length === 0;
}

function checkCurrency(code: string): ReadinessIssue | undefined {
  const currency = currencyByCode(code);
  if (!currency)
    return { term: 'BT-5', field: 'currency', message: `Currency ${code} is not an ISO 4217 code` };
  if (!hasTooManyDecimalsForEInvoice(currency.decimals)) return undefined;
  return {
    term: 'currency',
    field: 'currency',
    message: `E-invoices cannot be issued in ${currency.value}: EN 16931 allows amounts with at most 2 decimals and ${currency.value} has ${currency.decimals}. The PDF invoice is not affected.`,
  };
}

function checkParties(invoice: EInvoice): ReadinessIssue[] {
  const { seller, customer } = invoice;
  const issues: ReadinessIssue[] = [];
  if (!seller.companyName && !seller.name)
    issue(issues, 'BT-27', 'seller.companyName', 'Seller name (BT-27) is missing');
  if (!seller.address.country)
    issue(issues, 'BT-40', 'seller.address.country', 'Seller country (BT-40) is missing');
  if (!(seller.electronicAddress || seller.email)) {
    issue(
      issues,
      'BT-34',
      'seller.email',
      'Seller electronic address (BT-34) is missing: give an e-mail address',
    );
  }
  if (seller.vatId && !isVatIdFormat(seller.vatId)) {
    issue(
      issues,
      'BT-31',
      'seller.vatId',
      'Seller VAT number (BT-31) must start with its two-letter country code, e.g. DE123456789',
    );
  }
  if (customer.vatId && !isVatIdFormat(customer.vatId)) {
    issue(
      issues,
      'BT-48',
      'customer.vatId',
      'Customer VAT number (BT-48) must start with its two-letter country code, e.g. FR40123456789',
    );
  }
  if (!customer.companyName && !customer.name)
    issue(issues, 'BT-44', 'customer.companyName', 'Customer name (BT-44) is missing');
  if (!customer.address.country)
    issue(issues, 'BT-55', 'customer.address.country', 'Customer country (BT-55) is missing');
  if (!(customer.electronicAddress || customer.email)) {
    issue(
      issues,
      'BT-49',
      'customer.email',
      'Customer electronic address (BT-49) is missing: give an e-mail address',
    );
  }
  invoice.items.forEach((line, index) => {
    if (!line.description)
      issue(
        issues,
        'BT-153',
        `items.${index}.description`,
        `Line ${index + 1}: the description (BT-153) is missing`,
      );
  });
  return issues;
}

const categoryLabel = (code: VatCategory) =>
  vatCategories.find((category) => category.code === code)?.label ?? code;

function checkVat(invoice: EInvoice): ReadinessIssue[] {
  const issues: ReadinessIssue[] = [];
  const used = new Map<VatCategory, string>();
  const treatments = [
    { vat: invoice.vat, field: 'vat' },
    ...invoice.items.flatMap((line, index) =>
      line.vat ? [{ vat: line.vat, field: `items.${index}.vat` }] : [],
    ),
  ];
  // The invoice's own treatment only counts when at least one line follows it.
  const linesFollowInvoice = invoice.items.some((line) => !line.vat);
  for (const { vat, field } of treatments) {
    if (field === 'vat' && !linesFollowInvoice) continue;
    if (!vat.category) {
      const where = field === 'vat' ? '' : `Line ${Number(field.split('.')[1]) + 1}: `;
      issue(
        issues,
        'BT-151',
        `${field}.category`,
        `${where}VAT category (BT-151) is missing: say why no VAT is charged (zero rated, exempt, reverse charge …)`,
      );
      continue;
    }
    used.set(vat.category, field);
    const label = categoryLabel(vat.category);
    if (vat.category === 'S' && vat.rate === 0) {
      issue(issues, 'BT-152', `${field}.rate`, 'Standard-rated VAT needs a rate above 0%');
    }
    if (vat.category !== 'S' && vat.rate !== 0) {
      issue(issues, 'BT-152', `${field}.rate`, `${label} means a VAT rate of 0%`);
    }
    if (vat.category === 'E' && !(vat.exemption?.text || vat.exemption?.code)) {
      issue(
        issues,
        'BT-120',
        `${field}.exemption`,
        'VAT exemption reason (BT-120) is missing: say why the invoice is exempt',
      );
    }
  }
  const { seller, customer } = invoice;
  const needsSellerVatId = (['AE', 'K', 'G'] as const).find((code) => used.has(code));
  if (needsSellerVatId && !seller.vatId) {
    issue(
      issues,
      'BT-31',
      'seller.vatId',
      `Seller VAT number (BT-31) is missing: ${categoryLabel(needsSellerVatId).toLowerCase()} needs it`,
    );
  }
  const needsSellerTaxId = (['S', 'Z', 'E'] as const).some((code) => used.has(code));
  if (needsSellerTaxId && !seller.vatId && !seller.taxNumber) {
    issue(issues, 'BT-31', 'seller.vatId', 'Seller VAT number (BT-31) or tax number (BT-32) is missing');
  }
  const needsBuyerVatId = (['AE', 'K'] as const).find((code) => used.has(code));
  if (needsBuyerVatId && !customer.vatId) {
    issue(
      issues,
      'BT-48',
      'customer.vatId',
      `Customer VAT number (BT-48) is missing: ${categoryLabel(needsBuyerVatId).toLowerCase()} needs it`,
    );
  }
  if (used.has('O') && !seller.taxNumber) {
    // VAT ids are not allowed on such an invoice (BR-O-02), and the seller must still be identified (BR-CO-26).
    issue(
      issues,
      'BT-32',
      'seller.taxNumber',
      'Seller tax number (BT-32) is missing: an invoice not subject to VAT identifies the seller by it',
    );
  }
  if (used.has('O') && used.size > 1) {
    issue(
      issues,
      'BR-O-11',
      used.get('O') ?? 'vat',
      'Not subject to VAT cannot be combined with other VAT categories on one invoice',
    );
  }
  if (used.has('K') && !invoice.delivery) {
    issue(issues, 'BT-72', 'delivery', 'Delivery date or service period (BT-72 / BG-14) is missing');
  }
  return issues;
}

function checkDelivery(invoice: EInvoice): ReadinessIssue[] {
  // EN 16931 only demands it for intra-community supplies (BR-IC-11), but the VAT Directive (Art. 226(7)) and
  // §14 UStG require the date of supply on every invoice, and Remit cannot assume it equals the issue date.
  if (invoice.delivery) return [];
  return [
    {
      term: 'BT-72',
      field: 'delivery',
      message: 'Delivery date or service period (BT-72 / BG-14) is missing',
    },
  ];
}

function checkPayment(invoice: EInvoice): ReadinessIssue[] {
  const method = invoice.paymentMethod;
  if (!method || paymentMeansFor(invoice)) return [];
  if (method.type === 'bank_transfer') {
    return [
      {
        term: 'BT-84',
        field: 'paymentMethod.iban',
        message: 'IBAN (BT-84) is missing for the bank transfer',
      },
    ];
  }
  return [
    { term: 'BT-81', field: 'paymentMethod.link', message: 'Payment link is missing for the online payment' },
  ];
}

function checkXRechnung(invoice: EInvoice): ReadinessIssue[] {
  const { seller, customer } = invoice;
  const issues: ReadinessIssue[] = [];
  if (!customer.buyerReference) {
    issue(
      issues,
      'BT-10',
      'customer.buyerReference',
      'Buyer reference (BT-10) is missing: a public body gives its Leitweg-ID',
    );
  }
  if (!seller.address.city) issue(issues, 'BT-37', 'seller.address.city', 'Seller city (BT-37) is missing');
  if (!seller.address.postCode)
    issue(issues, 'BT-38', 'seller.address.postCode', 'Seller post code (BT-38) is missing');
  if (!customer.address.city)
    issue(issues, 'BT-52', 'customer.address.city', 'Customer city (BT-52) is missing');
  if (!customer.address.postCode)
    issue(issues, 'BT-53', 'customer.address.postCode', 'Customer post code (BT-53) is missing');
  if (!seller.name) issue(issues, 'BT-41', 'seller.name', 'Seller contact name (BT-41) is missing');
  if (!seller.phone) issue(issues, 'BT-42', 'seller.phone', 'Seller phone number (BT-42) is missing');
  if (!seller.email) issue(issues, 'BT-43', 'seller.email', 'Seller e-mail (BT-43) is missing');
  if (!invoice.paymentMethod) issue(issues, 'BT-81', 'paymentMethod', 'Payment method (BT-81) is missing');
  return issues;
}

function issue(list: ReadinessIssue[], term: string, field: string, message: string): void {
  list.push({ term, field, message });
}

function dedupe(issues: ReadinessIssue[]): ReadinessIssue[] {
  const seen = new Set<string>();
  return issues.filter((entry) => {
    const key = `${entry.field}|${entry.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
