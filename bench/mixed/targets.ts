import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  startClusterProcess,
  startServiceProcess,
  stopProcess,
  waitForOutput,
} from '../../services/kit/src/testing/index.js';
import { benchPostgresUrl } from '../support.js';

/** Where the mixed load runs: the cluster on PostgreSQL, or the all-in-one process on the embedded store. */

const root = fileURLToPath(new URL('../..', import.meta.url));

/** What a run needs of the services: people can sign up many times from one address. */
const TUNING = {
  PASSWORD_HASH_COST: '10',
  SIGNUP_LIMIT_PER_IP_HOUR: '100000',
  VERIFY_LIMIT_PER_IP_15MIN: '100000',
  LOG_LEVEL: 'warn',
};

export interface Target {
  base: string;
  dataDir: string;
  stop(): Promise<void>;
}

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: benchPostgresUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function startCluster(): Promise<Target> {
  const databaseName = `remit_mixed_${randomBytes(4).toString('hex')}`;
  await admin(`create database ${databaseName}`);
  const url = new URL(benchPostgresUrl as string);
  url.pathname = `/${databaseName}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'remit-mixed-'));
  const { child, proxy: base } = await startClusterProcess(join(root, 'scripts', 'cluster.mjs'), {
    ...TUNING,
    DATABASE_URL: url.toString(),
    DATA_DIR: dataDir,
  });
  return {
    base,
    dataDir,
    async stop() {
      await stopProcess(child);
      await admin(`drop database if exists ${databaseName} with (force)`);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function startEmbedded(admission: boolean, thread = true): Promise<Target> {
  const dataDir = await mkdtemp(join(tmpdir(), 'remit-mixed-'));
  const { child, port } = await startServiceProcess(
    join(root, 'services', 'app', 'src', 'main.ts'),
    {
      ...TUNING,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ...(admission ? {} : { ADMISSION_CONCURRENCY: '0' }),
      ...(thread ? {} : { PGLITE_THREAD: 'false' }),
    },
    { stdout: 'pipe' },
  );
  await waitForOutput(child, 'Remit is running', 'the server');
  child.stdout?.resume();
  return {
    base: `http://127.0.0.1:${port}`,
    dataDir,
    async stop() {
      await stopProcess(child);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
