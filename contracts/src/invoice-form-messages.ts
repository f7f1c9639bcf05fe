/**
 * The invoice form of spec §5: every rule and message, shared by the wizard (step 1) and the command side
 * (`POST /invoices`, `PUT /invoices/{id}`), so the two cannot drift. Amounts in the form are what a person
 * types (a unit price "12,50", a tax rate 7.5 percent); the schema reads them with `readTypedNumber` into
 * plain decimal strings, and `invoiceAmounts` turns those into minor units and basis points with money.ts,
 * never with floating-point arithmetic.
 */
export const invoiceMessages = {
  userNameRequired: 'Your name is required',
  userNameInvalid: 'Name can only contain letters, spaces, hyphens, and apostrophes',
  customerNameRequired: 'Customer name is required',
  customerNameInvalid: 'Customer name can only contain letters, spaces, hyphens, and apostrophes',
  userEmailRequired: 'Your email is required',
  userEmailInvalid: 'Please enter a valid email address',
  customerEmailRequired: 'Customer email is required',
  customerEmailInvalid: 'Please enter a valid customer email address',
  userAddressRequired: 'Your address is required',
  userAddressInvalid: 'Address contains invalid characters',
  customerAddressRequired: 'Customer address is required',
  customerAddressInvalid: 'Customer address contains invalid characters',
  userCompanyRequired: 'Your company name is required',
  userCompanyInvalid: 'Company name contains invalid characters',
  customerCompanyRequired: 'Customer company name is required',
  customerCompanyInvalid: 'Customer company name contains invalid characters',
  userVatInvalid: 'VAT number can only contain uppercase letters, numbers, and hyphens',
  customerVatInvalid: 'Customer VAT number can only contain uppercase letters, numbers, and hyphens',
  invoiceNumberRequired: 'Invoice number is required',
  invoiceNumberInvalid: 'Invoice number can only contain uppercase letters, numbers, and hyphens',
  currencyRequired: 'Please select a currency',
  issueDateRequired: 'Issue date is required',
  dueDateRequired: 'Due date is required',
  dueDateBeforeIssue: 'Due date cannot be earlier than issue date',
  itemsRequired: 'At least one item is required',
  descriptionRequired: 'Item description is required',
  descriptionInvalid: 'Description contains invalid characters',
  quantityMin: 'Quantity must be at least 1',
  quantityWhole: 'Quantity must be a whole number',
  unitPriceMin: 'Unit price must be greater than or equal to 0',
  unitPriceInvalid: 'Unit price must be a valid number',
  notesInvalid: 'Notes contain invalid characters',
  notesTooLong: 'Notes cannot exceed 500 characters',
  termsInvalid: 'Terms & Conditions contain invalid characters',
  termsTooLong: 'Terms & Conditions cannot exceed 1000 characters',
  incomplete: 'Please complete all required fields',
  // The spec leaves these open; these are ours.
  nameLength: 'Name must be between 2 and 50 characters',
  addressLength: 'Address must be between 5 and 100 characters',
  companyLength: 'Company name must be between 2 and 50 characters',
  vatLength: 'VAT number must be between 5 and 20 characters',
  invoiceNumberLength: 'Invoice number must be between 3 and 20 characters',
  descriptionLength: 'Description must be between 3 and 100 characters',
  dateInvalid: 'Please enter a valid date',
  dateTooEarly: 'Dates before 1 January 2000 are not allowed',
  quantityTooLarge: 'Quantity cannot exceed 1,000,000',
  quantityUnclear: 'Quantity is unclear: type it without a thousands separator, such as 1000',
  unitPriceTooLarge: 'Unit price cannot exceed 1,000,000,000',
  unitPriceAboveZero: 'Unit price must be greater than 0',
  totalTooLarge: 'The invoice total cannot exceed 1,000,000,000,000',
  taxRateInvalid: 'Tax rate must be a number between 0 and 100 with at most two decimals',
  taxRateUnclear: 'Tax rate is unclear: type it with at most two decimals, such as 7.5',
  itemsTooMany: 'An invoice can have at most 500 items',
  templateRequired: 'Please select a template first.',
  languageInvalid: 'Please choose a document language from the list',
} as const;

export const NOTES_MAX = 500;
export const TERMS_MAX = 1000;
export const MAX_ITEMS = 500;
export const MAX_QUANTITY = 1_000_000;
export const MAX_UNIT_PRICE = 1_000_000_000;
export const MIN_INVOICE_DATE = '2000-01-01';
