import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The query package's root. This file runs from src/pdf/ under tsx and vitest and from dist/pdf/ once built;
 * both sit two levels below the root, and the .typ sources stay in src/ (tsc does not copy them), so every
 * asset is resolved from here rather than from the running file.
 */
export const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export const templatesDir = join(packageRoot, 'src', 'pdf', 'templates');

/** Where logos are mapped inside the Typst workspace; only ever a virtual (shadow) folder, never on disk. */
export const logoDir = join(templatesDir, '__logo__');

/** The invoice's JSON inside the Typst workspace, mapped as a shadow file for each render and read by lib.typ. */
export const invoiceDataPath = join(templatesDir, '__invoice__.json');

/** The Factur-X XML inside the Typst workspace (a shadow file, never on disk), attached under this name. */
export const facturXPath = join(templatesDir, 'factur-x.xml');
