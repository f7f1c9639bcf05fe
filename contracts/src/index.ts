export * from './api.js';
export * from './auth.js';
export * from './validation.js';
export * from './currencies.js';
export * from './money.js';
export * from './invoice-document.js';
