import { createHash } from 'node:crypto';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrateEventStore } from '../migrate.js';
import { IN_MEMORY, openPglite } from '../open-pglite.js';

const migrationsFolder = fileURLToPath(new URL('../../migrations', import.meta.url));

let template: Promise<Blob> | undefined;

/**
 * A migrated, empty PGlite data directory as a tarball. A fresh in-memory PGlite runs initdb, which
 * takes 5 to 8 s; starting from this tarball takes about 1 s. Kept in the temp directory too, so
 * each test worker process does not pay for initdb again.
 */
export function loadPgliteTemplate(): Promise<Blob> {
  template ??= readOrBuildTemplate();
  return template;
}

async function readOrBuildTemplate(): Promise<Blob> {
  const file = join(tmpdir(), `remit-eventstore-template-${await templateKey()}.tar`);
  const cached = await readFile(file).catch(() => undefined);
  if (cached) return new Blob([cached]);
  const database = await openPglite({ dataDir: IN_MEMORY });
  try {
    await migrateEventStore(database);
    const tarball = await database.client.dumpDataDir();
    // Written aside and renamed, so a worker reading concurrently never sees half a file.
    const partial = `${file}.${process.pid}`;
    await writeFile(partial, new Uint8Array(await tarball.arrayBuffer()));
    await rename(partial, file);
    return tarball;
  } finally {
    await database.close();
  }
}

/** Changes with the PGlite version and with the migrations. */
async function templateKey(): Promise<string> {
  const require = createRequire(import.meta.url);
  const pglitePackage = join(require.resolve('@electric-sql/pglite'), '..', '..', 'package.json');
  const hash = createHash('sha256').update(await readFile(pglitePackage));
  for (const name of (await readdir(migrationsFolder)).sort()) {
    if (name.endsWith('.sql')) hash.update(name).update(await readFile(join(migrationsFolder, name)));
  }
  return hash.digest('hex').slice(0, 16);
}
