export * from './config.js';
export * from './layout.js';
export * from './mailer.js';
export * from './queue.js';
export * from './table.js';
