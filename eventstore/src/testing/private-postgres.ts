import { execFile } from 'node:child_process';
import { chown, mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Debian's server binaries (package postgresql-NN), newest version first; null when none is installed. */
export async function findPostgresBinaries(): Promise<string | null> {
  const root = '/usr/lib/postgresql';
  const versions = await readdir(root).catch(() => [] as string[]);
  const newest = versions.filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a));
  for (const version of newest) {
    const bin = join(root, version, 'bin');
    const files = await readdir(bin).catch(() => [] as string[]);
    if (files.includes('initdb') && files.includes('pg_ctl')) return bin;
  }
  return null;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * A PostgreSQL cluster of the test's own, in a temporary directory on a free port, that the test may
 * stop, start and restart like an operator would. initdb refuses to run as root, so as root the
 * cluster belongs to the `postgres` user.
 */
export async function startPrivatePostgres(bin: string) {
  const dir = await mkdtemp(join(tmpdir(), 'remit-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(group.trim()));
  }
  const command = (program: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', join(bin, program), ...args])
      : run(join(bin, program), args);
  const data = join(dir, 'data');
  const port = await freePort();
  const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  await command('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  const pgCtl = (...args: string[]) => command('pg_ctl', ['-D', data, '-l', join(dir, 'log'), ...args]);

  const cluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => pgCtl('-o', serverOptions, '-w', 'start'),
    /** Fast shutdown, as `systemctl stop` does: every session ends with 57P01. */
    stop: () => pgCtl('-m', 'fast', '-w', 'stop'),
    async destroy() {
      await pgCtl('-m', 'immediate', '-w', 'stop').catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}

export type PrivatePostgres = Awaited<ReturnType<typeof startPrivatePostgres>>;
