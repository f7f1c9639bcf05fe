import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * While the all-in-one server runs on the embedded database it owns the PGlite directory, so tools
 * such as `npm run replay` go through it. It leaves its address and a per-start admin token here.
 */
export interface ServerFile {
  pid: number;
  url: string;
  adminToken: string;
}

const fileIn = (dataDir: string) => join(dataDir, 'server.json');

export async function writeServerFile(dataDir: string, url: string, adminToken: string): Promise<ServerFile> {
  const entry = { pid: process.pid, url, adminToken };
  await writeFile(fileIn(dataDir), JSON.stringify(entry), { mode: 0o600 });
  return entry;
}

export async function removeServerFile(dataDir: string): Promise<void> {
  await rm(fileIn(dataDir), { force: true });
}

/** The running server's entry, or null when there is none or its process is gone. */
export async function readServerFile(dataDir: string): Promise<ServerFile | null> {
  try {
    const entry = JSON.parse(await readFile(fileIn(dataDir), 'utf8')) as ServerFile;
    process.kill(entry.pid, 0);
    return entry;
  } catch {
    return null;
  }
}
