// Which server a Playwright worker talks to. e2e/run.mjs starts one server per worker, each with its own
// DATA_DIR (so its own outbox) and its own sign-up limits, and lists them in E2E_SERVERS; worker N (its
// TEST_PARALLEL_INDEX, kept when Playwright replaces a worker after a failure) uses server N. Playwright loads
// the config in every worker process after setting that index, so the config's baseURL and the specs' outbox
// name the same server. Without E2E_SERVERS: E2E_BASE_URL and E2E_DATA_DIR, or a server on port 3000.
import { join } from 'node:path';

/** @returns {{ url: string, dataDir: string }} */
export function workerServer() {
  const listed = process.env.E2E_SERVERS;
  if (!listed) {
    return {
      url: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000',
      dataDir: process.env.E2E_DATA_DIR ?? '',
    };
  }
  const servers = JSON.parse(listed);
  const index = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  const server = servers[index];
  if (!server) throw new Error(`No server for worker ${index}: E2E_SERVERS lists ${servers.length}`);
  return server;
}

/** The directory this worker's server writes its mail to ($DATA_DIR/outbox). */
export function workerOutbox() {
  return join(workerServer().dataDir, 'outbox');
}
