export { nextInvoiceNumber } from './invoice-numbers.js';
export * from './migrate.js';
export * from './names.js';
export * as readModels from './schema.js';
