// Tests and benchmarks that run Remit's services as production does: each in its own process, found
// by a port of its own, asked over HTTP.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { pathToFileURL } from 'node:url';

/** A port nothing listens on now (the OS's choice), for a process the caller is about to start. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Resolves with the child's standard output so far once it contains `text`; rejects with the output's
 * tail if the child exits first. The child must have been spawned with stdout piped.
 */
export function waitForOutput(child: ChildProcess, text: string, label: string): Promise<string> {
  let output = '';
  return new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(text)) resolve(output);
    });
    child.once('exit', (code) => reject(new Error(`${label} exited (${code}): ${output.slice(-2000)}`)));
  });
}

/** SIGTERM, then waits for the exit: a service closes its connections and leadership on the way out. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

export interface ServiceProcess<Health> {
  child: ChildProcess;
  pid: number;
  port: number;
  /** The service's `/api/health` answer, or null while it does not answer 200 (starting, stopped). */
  health(): Promise<Health | null>;
}

/**
 * Starts a service's TypeScript entry point (`main`, a path) from source on a free port, with `env`
 * over this process's environment; its stderr is the caller's, its stdout is dropped unless `pipe`.
 */
export async function startServiceProcess<Health = Record<string, unknown>>(
  main: string,
  env: Record<string, string>,
  options: { stdout?: 'ignore' | 'pipe' } = {},
): Promise<ServiceProcess<Health>> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--conditions=source', '--import', tsx, main], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port) },
    stdio: ['ignore', options.stdout ?? 'ignore', 'inherit'],
  });
  const health = async (): Promise<Health | null> => {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      return response.ok ? ((await response.json()) as Health) : null;
    } catch {
      return null;
    }
  };
  return { child, pid: child.pid as number, port, health };
}

export interface ClusterProcess {
  child: ChildProcess;
  /** Caddy's address, what a browser would use. */
  proxy: string;
  /** Each service instance's own port, by name (`command-1`, `query-2`, …). */
  ports: Record<string, number>;
  /** The process id of each instance now running (`command-1`, …, `caddy`); a restart replaces it. */
  pids: Map<string, number>;
  /**
   * What the services logged about these requests (their `X-Request-Id`s), one line each with the error
   * and its causes: lets a test that failed say why the servers answered as they did.
   */
  logsOf(requestIds: string[]): string[];
}

/** The cluster's output lines kept for `logsOf`: a fault test's few minutes at `warn` fit many times. */
const KEPT_LINES = 20_000;

/**
 * Runs `scripts/cluster.mjs --source` (Caddy and two of each service on `env.DATABASE_URL`) on free
 * ports and resolves once it says it is ready.
 */
export async function startClusterProcess(
  script: string,
  env: Record<string, string>,
): Promise<ClusterProcess> {
  const child = spawn(process.execPath, [script, '--source'], {
    env: {
      ...process.env,
      PROXY_PORT: String(await freePort()),
      BASE_PORT: String(await freePort()),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const pids = new Map<string, number>();
  const kept: string[] = [];
  // REMIT_CLUSTER_LOG: a file the whole output also goes to, for looking at a run afterwards.
  const copy = process.env.REMIT_CLUSTER_LOG;
  let pending = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    if (copy) appendFileSync(copy, chunk);
    const lines = (pending + chunk.toString()).split('\n');
    pending = lines.pop() ?? '';
    kept.push(...lines);
    if (kept.length > KEPT_LINES) kept.splice(0, kept.length - KEPT_LINES);
    for (const line of lines) {
      const started = /^\[cluster\] (\S+) started \(pid (\d+)\)/.exec(line);
      if (started) pids.set(started[1] as string, Number(started[2]));
    }
  });
  const output = await waitForOutput(child, 'cluster ready', 'the cluster script');
  const ready = /cluster ready (\S+) (\{.*\})/.exec(output);
  return {
    child,
    proxy: ready?.[1] as string,
    ports: JSON.parse(ready?.[2] ?? '{}') as Record<string, number>,
    pids,
    logsOf: (requestIds) =>
      kept
        .filter((line) => requestIds.some((id) => line.includes(`"requestId":"${id}"`)))
        .map(describeLogLine),
  };
}

/**
 * A service's JSON log line as `[command-1] message: ErrorType …its message's end` (pino writes an error's
 * causes after its message, so the end is the underlying error's); other lines as they are.
 */
function describeLogLine(line: string): string {
  const match = /^(\[[^\]]+\]) (\{.*\})$/.exec(line);
  if (!match) return line;
  try {
    const { msg, err, reason } = JSON.parse(match[2] as string) as {
      msg?: string;
      err?: { type?: string; message?: string };
      reason?: string;
    };
    // `reason`: the underlying error of an unavailable database, with its code (services/kit/src/http.ts).
    if (reason) return `${match[1]} ${msg ?? ''}: ${reason}`;
    if (!err) return `${match[1]} ${msg ?? ''}`;
    const message = (err.message ?? '').replaceAll('\n', ' ');
    const end = message.length > 200 ? `…${message.slice(-200)}` : message;
    return `${match[1]} ${msg ?? ''}: ${err.type ?? 'Error'} ${end}`;
  } catch {
    return line;
  }
}

export interface ApiCall {
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
}

/** One request to `${base}/api${path}`, JSON in, as the web app sends it. */
export function callApi(base: string, method: string, path: string, init: ApiCall = {}): Promise<Response> {
  return fetch(`${base}/api${path}`, {
    method,
    headers: {
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...init.headers,
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
}
