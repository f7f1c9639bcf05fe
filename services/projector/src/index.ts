export * from './config.js';
export * from './projection.js';
export * from './projections/index.js';
export * from './projector.js';
export * from './replay.js';
export * from './time/emails.js';
export * from './time/process.js';
