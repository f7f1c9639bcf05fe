export * from './api.js';
export * from './auth.js';
export * from './billing-api.js';
export * from './clients.js';
export * from './collection-api.js';
export * from './csv.js';
export * from './currencies.js';
export * from './customer-page-api.js';
export * from './einvoice/index.js';
export * from './equality.js';
export * from './events/billing.js';
export * from './events/catalogue.js';
export * from './events/clients.js';
export * from './events/collection.js';
export * from './events/commands.js';
export * from './events/define.js';
export * from './events/invoices.js';
export * from './events/payment-methods.js';
export * from './events/sandbox.js';
export * from './events/users.js';
export * from './invoice-amounts.js';
export * from './invoice-content.js';
export * from './invoice-document.js';
export * from './invoice-finality.js';
export * from './invoice-form.js';
export { sanitize } from './invoice-form-fields.js';
export { invoiceSubmitFrom } from './invoice-form-from.js';
export * from './invoice-form-item.js';
export * from './invoice-form-messages.js';
export {
  readQuantity,
  readTaxRate,
  readUnitPrice,
} from './invoice-form-numbers.js';
export * from './invoice-view.js';
export * from './invoices-api.js';
export * from './items.js';
export * from './logo.js';
export * from './money.js';
export * from './payment-details.js';
export * from './payment-input.js';
export * from './payment-methods.js';
export * from './profile-api.js';
export * from './reminders-api.js';
export * from './settings-api.js';
export * from './text-input.js';
export * from './typed-amount.js';
export * from './typed-number.js';
export * from './validation.js';
