export * from './api.js';
export * from './auth.js';
export * from './currencies.js';
export * from './events/users.js';
export * from './invoice-document.js';
export * from './money.js';
export * from './validation.js';
