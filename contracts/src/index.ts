export * from './api.js';
export * from './auth.js';
export * from './validation.js';
