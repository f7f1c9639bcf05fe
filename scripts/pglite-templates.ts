// Makes the embedded store's migrated templates in the temp directory when missing (tars of empty PGlite data
// folders: the log's tables alone, and with the read models' and the shared state's), and prints the second's
// file. Vitest's global setup runs it before any worker starts (scripts/test-templates.mjs); the browser tests'
// servers unpack the printed file as their DATA_DIR/db (e2e/support/environment.mjs), so none of them runs initdb
// and 33 migrations at start. Run with `tsx --conditions=source`.
import { pgliteTemplateFile } from '@remit/eventstore/testing';
import { appMigrations } from '../services/app/src/testing/migrations.js';

await pgliteTemplateFile();
process.stdout.write(await pgliteTemplateFile(appMigrations));
