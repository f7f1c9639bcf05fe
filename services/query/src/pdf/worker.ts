import { type CachePolicy, defaultCachePolicy } from './cache-policy.js';
import { type CompileJob, InvoiceCompiler } from './compiler.js';

/**
 * A render worker: a child process forked by the pool. It owns one Typst compiler, answers one job at a time
 * over IPC, and reports its memory after each job so the pool can recycle it before pdf()'s leak adds up.
 */
export type WorkerRequest = CompileJob & { id: number };

export type WorkerResponse =
  | { type: 'ready'; rss: number }
  | { type: 'done'; id: number; output: Uint8Array | string; pages: number; rss: number }
  | { type: 'failed'; id: number; message: string; rss: number };

function send(message: WorkerResponse): void {
  process.send?.(message);
}

// The pool passes the cache policy as the first argument (JSON).
const cachePolicy: CachePolicy = process.argv[2] ? JSON.parse(process.argv[2]) : defaultCachePolicy;
const compiler = new InvoiceCompiler(cachePolicy);

process.on('message', (request: WorkerRequest) => {
  try {
    const { output, pages } = compiler.render(request);
    send({ type: 'done', id: request.id, output, pages, rss: process.memoryUsage.rss() });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    send({ type: 'failed', id: request.id, message, rss: process.memoryUsage.rss() });
  }
});

// The parent going away closes the IPC channel; a worker must never outlive it.
process.on('disconnect', () => process.exit(0));

send({ type: 'ready', rss: process.memoryUsage.rss() });
