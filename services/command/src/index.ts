export * from './app.js';
export * from './auth/rate-limits.js';
export * from './config.js';
