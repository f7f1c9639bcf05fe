/**
 * A child process for the durability test: opens the embedded store in the directory it is given and
 * appends one event after another, printing `ack <n> <position>` once each append has returned — the
 * moment a client would have been told "done". It runs until it is killed.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { migrateEventStore } from '../migrate.js';
import { openPglite } from '../open-pglite.js';
import { createEventStore } from '../store.js';
import { loadPgliteTemplate } from './pglite-template.js';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: pglite-writer <dataDir>');
// A fresh directory starts from the migrated template; a directory a killed writer left is reopened.
const isNew = !existsSync(join(dataDir, 'PG_VERSION'));
const database = await openPglite({ dataDir, ...(isNew ? { loadDataDir: await loadPgliteTemplate() } : {}) });
await migrateEventStore(database);
const store = createEventStore(database);
for (let n = 1; ; n++) {
  const { position } = await store.append(`acked-${n % 7}`, [{ type: 'Written', data: { n } }], {
    expectedVersion: 'any',
  });
  process.stdout.write(`ack ${n} ${position}\n`);
}
