import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OpenDatabase } from '../database.js';
import { migrateEventStore } from '../migrate.js';
import { IN_MEMORY, openPglite } from '../open-pglite.js';

const migrationsFolder = fileURLToPath(new URL('../../migrations', import.meta.url));

/** Migrations a suite wants beside the log's (the read models', the shared state's), made once into a template. */
export interface TemplateMigrations {
  /** The folders of their SQL files: the template is made again when a file in them changes. */
  folders: string[];
  /** Applies them to a database whose log tables are migrated. */
  apply(database: OpenDatabase): Promise<void>;
}

const files = new Map<string, Promise<string>>();
const tarballs = new Map<string, Promise<Blob>>();

/**
 * A migrated, empty PGlite data directory as a tarball: the log's tables, and `more` when given. A fresh
 * in-memory PGlite runs initdb, which takes 5 to 8 s; starting from this tarball takes about 1 s, and
 * the read models' 30 migrations another 2 to 5 s a database that the template holds already. Kept in
 * the temp directory too, so each test worker process does not pay for initdb again.
 */
export function loadPgliteTemplate(more?: TemplateMigrations): Promise<Blob> {
  const id = templateId(more);
  let tarball = tarballs.get(id);
  if (!tarball) {
    tarball = pgliteTemplateFile(more).then(async (file) => new Blob([await readFile(file)]));
    tarballs.set(id, tarball);
  }
  return tarball;
}

/**
 * The template's file in the temp directory, made when missing: a plain tar of a data folder, which the
 * browser tests unpack as each server's `DATA_DIR/db` instead of running initdb and the migrations there.
 */
export function pgliteTemplateFile(more?: TemplateMigrations): Promise<string> {
  const id = templateId(more);
  let file = files.get(id);
  if (!file) {
    file = readyTemplateFile(more);
    files.set(id, file);
  }
  return file;
}

const templateId = (more: TemplateMigrations | undefined) => (more?.folders ?? []).join('\n');

async function readyTemplateFile(more: TemplateMigrations | undefined): Promise<string> {
  const file = join(tmpdir(), `remit-eventstore-template-${await templateKey(more?.folders ?? [])}.tar`);
  if (existsSync(file)) return file;
  const database = await openPglite({ dataDir: IN_MEMORY });
  try {
    await migrateEventStore(database);
    await more?.apply(database);
    const tarball = await database.client.dumpDataDir();
    // Written aside and renamed, so a worker reading concurrently never sees half a file.
    const partial = `${file}.${process.pid}`;
    await writeFile(partial, new Uint8Array(await tarball.arrayBuffer()));
    await rename(partial, file);
    return file;
  } finally {
    await database.close();
  }
}

/** Changes with the PGlite version and with the migrations. */
async function templateKey(folders: string[]): Promise<string> {
  const require = createRequire(import.meta.url);
  const pglitePackage = join(require.resolve('@electric-sql/pglite'), '..', '..', 'package.json');
  const hash = createHash('sha256').update(await readFile(pglitePackage));
  for (const folder of [migrationsFolder, ...folders]) {
    hash.update('\0');
    for (const name of (await readdir(folder)).sort()) {
      if (name.endsWith('.sql')) hash.update(name).update(await readFile(join(folder, name)));
    }
  }
  return hash.digest('hex').slice(0, 16);
}
