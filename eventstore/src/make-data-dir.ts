// A child process of open-pglite.ts: makes a fresh data folder (PGlite's initdb) and exits. initdb grows an
// engine's WebAssembly memory to ~700 MB and leaves the compiler's and allocator's memory behind; in a process
// of its own all of it goes back to the system when the process ends (issue 28, goal 2).
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_OPTIONS } from './pglite-options.js';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('make-data-dir takes the data folder to make');
const engine = await PGlite.create({ dataDir, ...PGLITE_OPTIONS });
await engine.close();
