import {
  eInvoiceReadiness,
  type InvoiceContent,
  invoiceContentFrom,
  invoiceFormSchema,
  type PaymentMethod,
  type ReadinessIssue,
  type SellerProfile,
  type UserSettings,
} from '@remit/contracts';
import type { WizardForm } from './wizardMachine';

export interface FormReadiness {
  /** False while the spec's form itself has messages: readiness is judged on a valid form only. */
  complete: boolean;
  en16931: ReadinessIssue[];
  xrechnung: ReadinessIssue[];
}

/** The payment method as the invoice will snapshot it. */
function snapshotOf(method: PaymentMethod | undefined): InvoiceContent['paymentMethod'] {
  if (!method) return null;
  return {
    id: method.ID,
    name: method.Name,
    type: method.Type,
    ...(method.BankName ? { bankName: method.BankName } : {}),
    ...(method.IBAN ? { iban: method.IBAN } : {}),
    ...(method.SWIFT ? { swift: method.SWIFT } : {}),
    ...(method.AccountNumber ? { accountNumber: method.AccountNumber } : {}),
    ...(method.PaymentLink ? { paymentLink: method.PaymentLink } : {}),
    ...(method.Instructions ? { instructions: method.Instructions } : {}),
  };
}

/** The company profile's e-invoice details, the defaults the server will apply to the seller. */
export function sellerProfileOf(settings: UserSettings | null | undefined): SellerProfile | null {
  const company = settings?.Settings;
  if (!company?.CompanyPostalAddress) return null;
  return {
    companyAddress: company.CompanyAddress,
    postalAddress: company.CompanyPostalAddress,
    phone: company.CompanyPhone ?? '',
    taxNumber: company.CompanyTaxNumber ?? null,
  };
}

/**
 * What the invoice would still lack as an e-invoice, per format: the same pure functions the server answers 422
 * with (invoiceContentFrom, then eInvoiceReadiness), on the form as typed.
 */
export function formReadiness(
  form: WizardForm,
  settings: UserSettings | null | undefined,
  methods: readonly PaymentMethod[],
): FormReadiness {
  const parsed = invoiceFormSchema.safeParse(form);
  if (!parsed.success) return { complete: false, en16931: [], xrechnung: [] };
  const method = methods.find((entry) => entry.ID === form.paymentMethodId);
  const { eInvoice } = invoiceContentFrom(parsed.data, {
    logo: null,
    paymentMethod: snapshotOf(method),
    template: { id: '', name: '', componentName: '' },
    seller: sellerProfileOf(settings),
  });
  return {
    complete: true,
    en16931: eInvoiceReadiness(eInvoice, 'en16931'),
    xrechnung: eInvoiceReadiness(eInvoice, 'xrechnung'),
  };
}
