export * from './projection.js';
export * from './projections/index.js';
export * from './projector.js';
export * from './replay.js';
