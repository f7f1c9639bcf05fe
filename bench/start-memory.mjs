// `npm run bench:start-memory`: the one-process server's resident memory (RSS, its threads included) on a first
// start with a fresh DATA_DIR and on a restart of the same folder: when healthy, after 30 s idle, and the peak
// (issue 28, goal 2); then, on the restart, RENDERS (default 1,000) PDF downloads of a new account's invoices,
// 4 at a time, and the RSS of the server with its render workers (its child processes) after them and once the
// workers have ended for want of work (PDF_WORKER_IDLE_SECONDS + 10 s), with each worker's RSS (anonymous and
// file-backed) and the tree's PSS, which counts the pages processes share once; and the most the tree held and
// the most render workers alive at once, read every 100 ms during the renders (a worker may have just ended
// when they stop).
// Linux only (reads /proc).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const idleMs = Number(process.env.IDLE_MS ?? 30_000);
const port = Number(process.env.PORT ?? 3917);
const renders = Number(process.env.RENDERS ?? 1000);
const base = `http://127.0.0.1:${port}/api`;

const status = (pid) => readFileSync(`/proc/${pid}/status`, 'utf8');
const kb = (text, field) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(text)?.[1] ?? Number.NaN);
const mb = (value) => `${Math.round(value / 1024)} MB`;

/** The process and its descendants (the PDF workers are forked children). */
function tree(pid) {
  let children = [];
  try {
    children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    );
  } catch {
    // The process ended while it was read.
  }
  return [pid, ...children.flatMap(tree)];
}
/** A process that ended (gone, or a zombie not yet reaped: no VmRSS) counts as nothing. */
const rssOf = (pid) => {
  try {
    return kb(status(pid), 'VmRSS') || 0;
  } catch {
    return 0;
  }
};
const treeRss = (pid) => tree(pid).reduce((sum, each) => sum + rssOf(each), 0);
/** Proportional set size: pages shared between processes (node's binary, Typst's library) counted once in all. */
const pss = (pid) => {
  try {
    return kb(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'), 'Pss');
  } catch {
    return 0;
  }
};
const treePss = (pid) => tree(pid).reduce((sum, each) => sum + pss(each), 0);
/** A render worker: its RSS, of it anonymous (V8's heap and Typst's, private) and file-backed (shared code). */
const workerLine = (pid) => {
  const text = status(pid);
  return `${mb(kb(text, 'VmRSS'))} (anon ${mb(kb(text, 'RssAnon'))}, file ${mb(kb(text, 'RssFile'))})`;
};

/** A verified account made through the API and the outbox, as a person would; its bearer token. */
async function account(dataDir) {
  const email = `ada-${randomUUID().slice(0, 6)}@example.com`;
  const post = (path, body) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
      body: JSON.stringify(body),
    });
  await post('/auth/signup', { name: 'Ada Lovelace', email, password: 'Analytical1843' });
  for (let tries = 0; ; tries++) {
    const outbox = join(dataDir, 'outbox');
    const mail = (existsSync(outbox) ? readdirSync(outbox) : [])
      .map((file) =>
        readFileSync(join(outbox, file), 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '='),
      )
      .find((text) => text.includes(email));
    const token = mail?.match(/verify-email\?[^\s"'<>]*token=([^&\s"'<>]+)/)?.[1];
    if (token) {
      const verified = await post('/auth/verify-email', { email, token });
      return (await verified.json()).token;
    }
    if (tries > 100) throw new Error('no verification mail');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** RENDERS PDF downloads of ten invoices, four at a time; resolves with renders a second. */
async function renderPdfs(dataDir) {
  const token = await account(dataDir);
  const auth = { authorization: `Bearer ${token}` };
  const ids = [];
  for (let i = 0; i < 10; i++) {
    const form = new FormData();
    form.set('invoice', JSON.stringify(invoice(`MEM-${i}`)));
    const answer = await fetch(`${base}/invoices`, { method: 'POST', headers: auth, body: form });
    if (answer.status !== 201)
      throw new Error(`POST /invoices answered ${answer.status} ${await answer.text()}`);
    ids.push((await answer.json()).invoice.ID);
  }
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < renders) {
        const id = ids[next++ % ids.length];
        const answer = await fetch(`${base}/invoices/${id}/pdf`, { headers: auth });
        await answer.arrayBuffer();
        if (answer.status !== 200) throw new Error(`GET /invoices/${id}/pdf answered ${answer.status}`);
      }
    }),
  );
  return renders / ((performance.now() - started) / 1000);
}

const invoice = (invoiceNumber) => ({
  userName: 'Ada Lovelace',
  userEmail: 'ada@example.com',
  userAddress: '12 Analytical Street, London',
  userCompanyName: 'Engines & Co',
  userCompanyVAT: 'GB123456789',
  customerName: 'Charles Babbage',
  customerEmail: 'charles@difference.example',
  customerAddress: '1 Dorset Street, London',
  customerCompanyName: 'Difference Works',
  customerCompanyVAT: '',
  invoiceNumber,
  currency: 'EUR',
  taxRate: 20,
  issueDate: '2025-03-14',
  dueDate: '2025-04-13',
  items: Array.from({ length: 12 }, (_, i) => ({
    description: `Work ${i + 1}`,
    quantity: i + 1,
    unitPrice: '95.50',
  })),
  templateId: 'classic',
  templateName: 'Classic',
  templateComponentName: 'ClassicTemplate',
  status: 'Draft',
});

async function run(dataDir, label, pdfs = false) {
  // As `npm start` runs it: young generation capped (D-460).
  const child = spawn(process.execPath, ['--max-semi-space-size=2', 'services/app/dist/main.js'], {
    cwd: root,
    stdio: 'ignore',
    // BILLING=off for the renders: every account is a subscriber, so a new one may download its PDFs.
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...(pdfs ? { BILLING: 'off' } : {}),
    },
  });
  const started = performance.now();
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (answer) => answer.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const healthy = performance.now() - started;
    const atHealthy = kb(status(child.pid), 'VmRSS');
    await new Promise((resolve) => setTimeout(resolve, idleMs));
    const idle = status(child.pid);
    console.log(
      `${label}: healthy after ${(healthy / 1000).toFixed(1)} s at ${mb(atHealthy)}; after ${idleMs / 1000} s idle ${mb(kb(idle, 'VmRSS'))}; peak ${mb(kb(idle, 'VmHWM'))}`,
    );
    if (pdfs) {
      let most = { rss: 0, processes: 0 };
      const watch = setInterval(() => {
        const processes = tree(child.pid).filter((pid) => rssOf(pid) > 0).length - 1;
        most = {
          rss: Math.max(most.rss, treeRss(child.pid)),
          processes: Math.max(most.processes, processes),
        };
      }, 100);
      const rate = await renderPdfs(dataDir).finally(() => clearInterval(watch));
      const after = status(child.pid);
      // A worker that has just ended may still be listed, a zombie without memory, until the server reaps it.
      const workers = tree(child.pid)
        .slice(1)
        .filter((pid) => rssOf(pid) > 0);
      console.log(
        `${label}, after ${renders} PDF renders (${rate.toFixed(0)}/s): server ${mb(kb(after, 'VmRSS'))} (peak ${mb(kb(after, 'VmHWM'))}), ${workers.length} child processes (render workers) ${mb(treeRss(child.pid) - kb(after, 'VmRSS'))}, in all ${mb(treeRss(child.pid))} (PSS ${mb(treePss(child.pid))})`,
      );
      for (const pid of workers) console.log(`  render worker ${pid}: ${workerLine(pid)}`);
      console.log(
        `  during the renders: at most ${mb(most.rss)} in all, ${most.processes} render workers at most`,
      );
      // The render workers end after PDF_WORKER_IDLE_SECONDS (default 60) with nothing to render.
      const restMs = (Number(process.env.PDF_WORKER_IDLE_SECONDS ?? 60) + 10) * 1000;
      await new Promise((resolve) => setTimeout(resolve, restMs));
      const rested = status(child.pid);
      console.log(
        `${label}, ${restMs / 1000} s after the renders: server ${mb(kb(rested, 'VmRSS'))}, ${tree(child.pid).length - 1} child processes, in all ${mb(treeRss(child.pid))}`,
      );
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'remit-bench-memory-'));
try {
  await run(dataDir, 'first start (fresh DATA_DIR)');
  await run(dataDir, 'restart (same DATA_DIR)', renders > 0);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
