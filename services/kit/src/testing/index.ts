export * from './processes.js';
