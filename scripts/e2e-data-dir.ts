// Prints the file of a migrated, empty PGlite data folder (a tar: the log's, the read models' and the shared
// state's tables), made in the temp directory when missing; a Vitest run has usually made it already. The
// browser tests' servers unpack it as their DATA_DIR/db (e2e/support/environment.mjs), so none of them runs
// initdb and 30 migrations at start. Run with `tsx --conditions=source`.
import { pgliteTemplateFile } from '@remit/eventstore/testing';
import { appMigrations } from '../services/app/src/testing/migrations.js';

process.stdout.write(await pgliteTemplateFile(appMigrations));
