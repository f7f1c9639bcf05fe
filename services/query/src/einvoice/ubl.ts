import type { EInvoiceCustomer, EInvoiceSeller, PostalAddress } from '@remit/contracts';
import { EN16931_ID, PEPPOL_PROCESS_ID, type PreparedInvoice, percent, XRECHNUNG_ID } from './prepare.js';
import { document, el, elAttrs, type Node, text } from './xml.js';

/**
 * OASIS UBL 2.1 Invoice as EN 16931 binds it, plain or as XRechnung 3.0; a credit note (381) is a UBL CreditNote,
 * which names its lines and quantity differently, has no header due date (BT-9 goes with the payment means) and
 * references the invoice it corrects (BG-3). Element order follows the UBL schema.
 */
export function toUbl(prepared: PreparedInvoice, cius: 'en16931' | 'xrechnung'): string {
  const { invoice, totals } = prepared;
  const currency = invoice.currency;
  const money = (name: string, minor: number) => text(name, prepared.amount(minor), { currencyID: currency });
  const isCredit = invoice.typeCode === '381';
  const kind = isCredit ? 'CreditNote' : 'Invoice';
  const root = elAttrs(
    kind,
    {
      xmlns: `urn:oasis:names:specification:ubl:schema:xsd:${kind}-2`,
      'xmlns:cac': 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
      'xmlns:cbc': 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
    },
    text('cbc:CustomizationID', cius === 'xrechnung' ? XRECHNUNG_ID : EN16931_ID),
    text('cbc:ProfileID', PEPPOL_PROCESS_ID),
    text('cbc:ID', invoice.number),
    text('cbc:IssueDate', invoice.issueDate),
    !isCredit && text('cbc:DueDate', invoice.dueDate),
    text(`cbc:${kind}TypeCode`, invoice.typeCode),
    text('cbc:Note', prepared.note),
    text('cbc:DocumentCurrencyCode', currency),
    text('cbc:BuyerReference', invoice.customer.buyerReference),
    invoice.delivery?.kind === 'period' &&
      el(
        'cac:InvoicePeriod',
        text('cbc:StartDate', invoice.delivery.start),
        text('cbc:EndDate', invoice.delivery.end),
      ),
    invoice.precedingInvoice &&
      el(
        'cac:BillingReference',
        el(
          'cac:InvoiceDocumentReference',
          text('cbc:ID', invoice.precedingInvoice.number),
          text('cbc:IssueDate', invoice.precedingInvoice.issueDate),
        ),
      ),
    el(
      'cac:AccountingSupplierParty',
      party(invoice.seller, prepared.sellerName, prepared.sellerEndpoint, prepared.sellerVatId, {
        contact: true,
        taxNumber: invoice.seller.taxNumber,
      }),
    ),
    el(
      'cac:AccountingCustomerParty',
      party(invoice.customer, prepared.buyerName, prepared.buyerEndpoint, prepared.buyerVatId),
    ),
    el(
      'cac:Delivery',
      text('cbc:ActualDeliveryDate', prepared.deliveryDate),
      prepared.deliverTo && el('cac:DeliveryLocation', address(prepared.deliverTo, 'cac:Address')),
    ),
    paymentMeans(prepared),
    el('cac:PaymentTerms', text('cbc:Note', prepared.paymentTerms)),
    el(
      'cac:TaxTotal',
      money('cbc:TaxAmount', totals.taxTotal),
      totals.vatBreakdown.map((entry) =>
        el(
          'cac:TaxSubtotal',
          money('cbc:TaxableAmount', entry.taxableAmount),
          money('cbc:TaxAmount', entry.taxAmount),
          el(
            'cac:TaxCategory',
            text('cbc:ID', entry.category ?? ''),
            // BT-119 in every breakdown, 0 for not subject to VAT (BR-DE-14); only the line omits it (BR-O-05).
            text('cbc:Percent', percent(entry.rate)),
            text('cbc:TaxExemptionReasonCode', entry.exemption?.code),
            text('cbc:TaxExemptionReason', entry.exemption?.text),
            vatScheme(),
          ),
        ),
      ),
    ),
    el(
      'cac:LegalMonetaryTotal',
      money('cbc:LineExtensionAmount', totals.lineTotal),
      money('cbc:TaxExclusiveAmount', totals.taxBasisTotal),
      money('cbc:TaxInclusiveAmount', totals.grandTotal),
      money('cbc:PayableAmount', totals.amountDue),
    ),
    invoice.items.map((line, index) => {
      const vat = prepared.lineVat(index);
      return el(
        `cac:${kind}Line`,
        text('cbc:ID', String(index + 1)),
        text(isCredit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity', prepared.quantity(line.quantity), {
          unitCode: line.unit,
        }),
        money('cbc:LineExtensionAmount', totals.lineNet[index] ?? 0),
        el(
          'cac:Item',
          text('cbc:Name', line.description),
          el(
            'cac:ClassifiedTaxCategory',
            text('cbc:ID', vat.category ?? ''),
            vat.category !== 'O' && text('cbc:Percent', percent(vat.rate)),
            vatScheme(),
          ),
        ),
        el('cac:Price', money('cbc:PriceAmount', line.unitPrice)),
      );
    }),
  );
  return document(root);
}

function vatScheme(): string {
  return el('cac:TaxScheme', text('cbc:ID', 'VAT'));
}

function party(
  who: EInvoiceSeller | EInvoiceCustomer,
  legalName: string,
  endpoint: string,
  vatId: string | null,
  options: { contact?: boolean; taxNumber?: string | null } = {},
): string {
  return el(
    'cac:Party',
    text('cbc:EndpointID', endpoint, { schemeID: 'EM' }),
    // BT-29: see cii.ts (BR-CO-26 for a seller without a VAT id in the file).
    !vatId && options.taxNumber && el('cac:PartyIdentification', text('cbc:ID', options.taxNumber)),
    address(who.address),
    vatId && el('cac:PartyTaxScheme', text('cbc:CompanyID', vatId), vatScheme()),
    options.taxNumber &&
      el(
        'cac:PartyTaxScheme',
        text('cbc:CompanyID', options.taxNumber),
        el('cac:TaxScheme', text('cbc:ID', 'FC')),
      ),
    el('cac:PartyLegalEntity', text('cbc:RegistrationName', legalName)),
    options.contact &&
      el(
        'cac:Contact',
        text('cbc:Name', who.name),
        text('cbc:Telephone', who.phone),
        text('cbc:ElectronicMail', who.email),
      ),
  );
}

function address(value: PostalAddress, name = 'cac:PostalAddress'): Node {
  return el(
    name,
    text('cbc:StreetName', value.lines[0]),
    text('cbc:AdditionalStreetName', value.lines[1]),
    text('cbc:CityName', value.city),
    text('cbc:PostalZone', value.postCode),
    text('cbc:CountrySubentity', value.region),
    value.lines[2] && el('cac:AddressLine', text('cbc:Line', value.lines[2])),
    el('cac:Country', text('cbc:IdentificationCode', value.country)),
  );
}

function paymentMeans(prepared: PreparedInvoice): Node {
  const means = prepared.paymentMeans;
  if (!means) return null;
  // A UBL CreditNote has no header due date: BT-9 is the payment means' due date.
  const dueDate = prepared.invoice.typeCode === '381' && text('cbc:PaymentDueDate', prepared.invoice.dueDate);
  if (means.code === '68') {
    return el(
      'cac:PaymentMeans',
      text('cbc:PaymentMeansCode', means.code, { name: means.text }),
      dueDate,
      text('cbc:PaymentID', prepared.invoice.number),
    );
  }
  return el(
    'cac:PaymentMeans',
    text('cbc:PaymentMeansCode', means.code, { name: means.text }),
    dueDate,
    text('cbc:PaymentID', prepared.invoice.number),
    el(
      'cac:PayeeFinancialAccount',
      text('cbc:ID', means.account),
      text('cbc:Name', means.accountName),
      el('cac:FinancialInstitutionBranch', text('cbc:ID', means.bic)),
    ),
  );
}
