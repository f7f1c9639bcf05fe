export * from './express-store.js';
export * from './limiter.js';
export * from './migrate.js';
export * from './store.js';
