import { defaultInvoiceForm } from '@remit/contracts';
import type { WizardForm } from '../features/invoices/wizardMachine';

/** Step 1 filled in as the spec requires it (spec §4): what a wizard or a Generate test starts from. */
export const validWizardForm: WizardForm = {
  ...(defaultInvoiceForm('2026-01-15') as WizardForm),
  userName: 'Ada Lovelace',
  userEmail: 'ada@example.com',
  userAddress: '1 Main Street, London',
  userCompanyName: 'Analytical Ltd',
  customerName: 'Charles Babbage',
  customerEmail: 'charles@example.com',
  customerAddress: '2 Side Street, London',
  customerCompanyName: 'Engines Co',
  invoiceNumber: 'INV-001',
  items: [{ description: 'Consulting', quantity: '2', unitPrice: '100' }],
};
