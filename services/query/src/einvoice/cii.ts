import type { EInvoiceCustomer, EInvoiceSeller, PostalAddress } from '@remit/contracts';
import {
  compactDate,
  EN16931_ID,
  PEPPOL_PROCESS_ID,
  type PreparedInvoice,
  percent,
  XRECHNUNG_ID,
} from './prepare.js';
import { document, el, elAttrs, type Node, text } from './xml.js';

/**
 * UN/CEFACT Cross Industry Invoice (D16B) as EN 16931 binds it: plain EN 16931, the Factur-X EN 16931 profile
 * (the same document, embedded in the PDF) or XRechnung 3.0. Element order follows the D16B schema, which is
 * strict about it.
 */
export function toCii(prepared: PreparedInvoice, cius: 'en16931' | 'xrechnung'): string {
  const { invoice, totals } = prepared;
  const currency = invoice.currency;
  const root = elAttrs(
    'rsm:CrossIndustryInvoice',
    {
      'xmlns:rsm': 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
      'xmlns:ram': 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
      'xmlns:qdt': 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
      'xmlns:udt': 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
    },
    el(
      'rsm:ExchangedDocumentContext',
      cius === 'xrechnung' &&
        el('ram:BusinessProcessSpecifiedDocumentContextParameter', text('ram:ID', PEPPOL_PROCESS_ID)),
      el(
        'ram:GuidelineSpecifiedDocumentContextParameter',
        text('ram:ID', cius === 'xrechnung' ? XRECHNUNG_ID : EN16931_ID),
      ),
    ),
    el(
      'rsm:ExchangedDocument',
      text('ram:ID', invoice.number),
      text('ram:TypeCode', invoice.typeCode),
      el('ram:IssueDateTime', date(invoice.issueDate)),
      el('ram:IncludedNote', text('ram:Content', prepared.note)),
    ),
    el(
      'rsm:SupplyChainTradeTransaction',
      invoice.items.map((line, index) => {
        const vat = prepared.lineVat(index);
        return el(
          'ram:IncludedSupplyChainTradeLineItem',
          el('ram:AssociatedDocumentLineDocument', text('ram:LineID', String(index + 1))),
          el('ram:SpecifiedTradeProduct', text('ram:Name', line.description)),
          el(
            'ram:SpecifiedLineTradeAgreement',
            el('ram:NetPriceProductTradePrice', text('ram:ChargeAmount', prepared.amount(line.unitPrice))),
          ),
          el(
            'ram:SpecifiedLineTradeDelivery',
            text('ram:BilledQuantity', prepared.quantity(line.quantity), { unitCode: line.unit }),
          ),
          el(
            'ram:SpecifiedLineTradeSettlement',
            el(
              'ram:ApplicableTradeTax',
              text('ram:TypeCode', 'VAT'),
              text('ram:CategoryCode', vat.category ?? ''),
              vat.category !== 'O' && text('ram:RateApplicablePercent', percent(vat.rate)),
            ),
            el(
              'ram:SpecifiedTradeSettlementLineMonetarySummation',
              text('ram:LineTotalAmount', prepared.amount(totals.lineNet[index] ?? 0)),
            ),
          ),
        );
      }),
      el(
        'ram:ApplicableHeaderTradeAgreement',
        text('ram:BuyerReference', invoice.customer.buyerReference),
        party(
          'ram:SellerTradeParty',
          invoice.seller,
          prepared.sellerName,
          prepared.sellerEndpoint,
          prepared.sellerVatId,
          {
            contact: true,
            taxNumber: invoice.seller.taxNumber,
          },
        ),
        party(
          'ram:BuyerTradeParty',
          invoice.customer,
          prepared.buyerName,
          prepared.buyerEndpoint,
          prepared.buyerVatId,
        ),
      ),
      delivery(prepared),
      el(
        'ram:ApplicableHeaderTradeSettlement',
        text('ram:PaymentReference', invoice.number),
        text('ram:InvoiceCurrencyCode', currency),
        paymentMeans(prepared),
        totals.vatBreakdown.map((entry) =>
          el(
            'ram:ApplicableTradeTax',
            text('ram:CalculatedAmount', prepared.amount(entry.taxAmount)),
            text('ram:TypeCode', 'VAT'),
            text('ram:ExemptionReason', entry.exemption?.text),
            text('ram:BasisAmount', prepared.amount(entry.taxableAmount)),
            text('ram:CategoryCode', entry.category ?? ''),
            text('ram:ExemptionReasonCode', entry.exemption?.code),
            // BT-119 in every breakdown, 0 for not subject to VAT (BR-DE-14); only the line omits it (BR-O-05).
            text('ram:RateApplicablePercent', percent(entry.rate)),
          ),
        ),
        invoice.delivery?.kind === 'period' &&
          el(
            'ram:BillingSpecifiedPeriod',
            el('ram:StartDateTime', date(invoice.delivery.start)),
            el('ram:EndDateTime', date(invoice.delivery.end)),
          ),
        el(
          'ram:SpecifiedTradePaymentTerms',
          text('ram:Description', prepared.paymentTerms),
          el('ram:DueDateDateTime', date(invoice.dueDate)),
        ),
        el(
          'ram:SpecifiedTradeSettlementHeaderMonetarySummation',
          text('ram:LineTotalAmount', prepared.amount(totals.lineTotal)),
          text('ram:TaxBasisTotalAmount', prepared.amount(totals.taxBasisTotal)),
          text('ram:TaxTotalAmount', prepared.amount(totals.taxTotal), { currencyID: currency }),
          text('ram:GrandTotalAmount', prepared.amount(totals.grandTotal)),
          text('ram:DuePayableAmount', prepared.amount(totals.amountDue)),
        ),
        invoice.precedingInvoice &&
          el(
            'ram:InvoiceReferencedDocument',
            text('ram:IssuerAssignedID', invoice.precedingInvoice.number),
            el(
              'ram:FormattedIssueDateTime',
              text('qdt:DateTimeString', compactDate(invoice.precedingInvoice.issueDate), { format: '102' }),
            ),
          ),
      ),
    ),
  );
  return document(root);
}

function date(isoDate: string): string {
  return text('udt:DateTimeString', compactDate(isoDate), { format: '102' });
}

function party(
  name: string,
  who: EInvoiceSeller | EInvoiceCustomer,
  legalName: string,
  endpoint: string,
  vatId: string | null,
  options: { contact?: boolean; taxNumber?: string | null } = {},
): string {
  return el(
    name,
    // BT-29: a seller without a VAT id in the file (§19 UStG, not subject to VAT) is identified by its tax
    // number, since BR-CO-26 wants BT-29, BT-30 or BT-31.
    !vatId && text('ram:ID', options.taxNumber),
    text('ram:Name', legalName),
    options.contact &&
      el(
        'ram:DefinedTradeContact',
        text('ram:PersonName', who.name),
        el('ram:TelephoneUniversalCommunication', text('ram:CompleteNumber', who.phone)),
        el('ram:EmailURIUniversalCommunication', text('ram:URIID', who.email)),
      ),
    address('ram:PostalTradeAddress', who.address),
    el('ram:URIUniversalCommunication', text('ram:URIID', endpoint, { schemeID: 'EM' })),
    el('ram:SpecifiedTaxRegistration', text('ram:ID', vatId, { schemeID: 'VA' })),
    el('ram:SpecifiedTaxRegistration', text('ram:ID', options.taxNumber, { schemeID: 'FC' })),
  );
}

function address(name: string, value: PostalAddress): Node {
  return el(
    name,
    text('ram:PostcodeCode', value.postCode),
    text('ram:LineOne', value.lines[0]),
    text('ram:LineTwo', value.lines[1]),
    text('ram:LineThree', value.lines[2]),
    text('ram:CityName', value.city),
    text('ram:CountryID', value.country),
    text('ram:CountrySubDivisionName', value.region),
  );
}

function delivery(prepared: PreparedInvoice): string {
  const content = el(
    'ram:ApplicableHeaderTradeDelivery',
    prepared.deliverTo && el('ram:ShipToTradeParty', address('ram:PostalTradeAddress', prepared.deliverTo)),
    prepared.deliveryDate &&
      el('ram:ActualDeliverySupplyChainEvent', el('ram:OccurrenceDateTime', date(prepared.deliveryDate))),
  );
  // The element itself is mandatory in CII; readiness asks for a delivery date or period, so it is never empty
  // for an invoice that is ready.
  return content || '<ram:ApplicableHeaderTradeDelivery/>';
}

function paymentMeans(prepared: PreparedInvoice): Node {
  const means = prepared.paymentMeans;
  if (!means) return null;
  if (means.code === '68') {
    return el(
      'ram:SpecifiedTradeSettlementPaymentMeans',
      text('ram:TypeCode', means.code),
      text('ram:Information', `${means.text}: ${means.link}`),
    );
  }
  return el(
    'ram:SpecifiedTradeSettlementPaymentMeans',
    text('ram:TypeCode', means.code),
    text('ram:Information', means.text),
    el(
      'ram:PayeePartyCreditorFinancialAccount',
      means.code === '58' || /^[A-Z]{2}\d{2}/.test(means.account)
        ? [text('ram:IBANID', means.account), text('ram:AccountName', means.accountName)]
        : [text('ram:AccountName', means.accountName), text('ram:ProprietaryID', means.account)],
    ),
    el('ram:PayeeSpecifiedCreditorFinancialInstitution', text('ram:BICID', means.bic)),
  );
}
