// Writes contracts/src/einvoice/font-coverage.ts from the fonts the PDF renderer ships: npm run fonts:coverage
import { writeFileSync } from 'node:fs';
import { coverageSource } from '../services/query/src/pdf/testing/font-coverage.js';

const target = new URL('../contracts/src/einvoice/font-coverage.ts', import.meta.url);
writeFileSync(target, coverageSource());
console.log(`wrote ${target.pathname}`);
