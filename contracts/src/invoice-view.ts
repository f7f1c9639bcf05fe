import { requireCurrency } from './currencies.js';
import type { InvoiceContent } from './events/invoices.js';
import { basisPointsToPercent } from './invoice-amounts.js';
import type { InvoiceStatus } from './invoice-list.js';
import type { InvoiceView } from './invoices-api.js';

/** Where the query side serves a stored logo (a capability URL: the id is a hash of the owner and the bytes). */
export const logoUrl = (logoId: string) => `/api/logos/${logoId}`;

/** An invoice's content as the API answers it (spec §3 names, amounts in minor units). */
export function toInvoiceView(
  invoiceId: string,
  content: InvoiceContent,
  status: InvoiceStatus,
  createdAt: string,
  updatedAt: string,
): InvoiceView {
  const method = content.paymentMethod;
  return {
    ID: invoiceId,
    InvoiceNumber: content.number,
    IssueDate: content.issueDate,
    DueDate: content.dueDate,
    Status: status,
    is_paid: status === 'paid',
    locked: false,
    Amount: content.total,
    Subtotal: content.subtotal,
    Tax: content.tax,
    Currency: content.currency,
    CurrencySymbol: requireCurrency(content.currency).symbol,
    TaxRate: basisPointsToPercent(content.taxRate),
    UserName: content.seller.name,
    UserEmail: content.seller.email,
    UserAddress: content.seller.address,
    UserCompanyName: content.seller.companyName,
    UserCompanyVAT: content.seller.vatId,
    CustomerName: content.customer.name,
    CustomerEmail: content.customer.email,
    CustomerAddress: content.customer.address,
    CustomerCompanyName: content.customer.companyName,
    CustomerCompanyVAT: content.customer.vatId,
    Items: content.items.map((item) => ({ ...item })),
    Notes: content.notes,
    TermsAndConditions: content.terms,
    LogoURL: content.logo ? logoUrl(content.logo.id) : null,
    PaymentMethod: method
      ? {
          ID: method.id,
          Name: method.name,
          Type: method.type,
          ...(method.bankName ? { BankName: method.bankName } : {}),
          ...(method.iban ? { IBAN: method.iban } : {}),
          ...(method.swift ? { SWIFT: method.swift } : {}),
          ...(method.accountNumber ? { AccountNumber: method.accountNumber } : {}),
          ...(method.paymentLink ? { PaymentLink: method.paymentLink } : {}),
          ...(method.instructions ? { Instructions: method.instructions } : {}),
        }
      : null,
    Template: {
      ID: content.template.id,
      TemplateName: content.template.name,
      TemplateComponentName: content.template.componentName,
    },
    CreatedAt: createdAt,
    UpdatedAt: updatedAt,
  };
}
