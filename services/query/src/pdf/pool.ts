import { type ChildProcess, fork } from 'node:child_process';
import type { CompileJob } from './compiler.js';
import { RenderError } from './errors.js';
import { defaults, type RenderPoolOptions } from './pool-options.js';
import type { WorkerRequest, WorkerResponse } from './worker.js';
import { readRss, workerEntry, workerEnv } from './worker-process.js';

export interface RenderOutput {
  output: Uint8Array | string;
  pages: number;
}

interface Job {
  request: CompileJob;
  resolve: (output: RenderOutput) => void;
  reject: (error: RenderError) => void;
}

type WorkerState = 'starting' | 'idle' | 'busy' | 'gone';

interface WorkerHandle {
  child: ChildProcess;
  state: WorkerState;
  renders: number;
  /** Renders before retirement: the full budget, except for the first workers (see the constructor). */
  renderBudget: number;
  rss: number;
  current?: { id: number; job: Job; timer: NodeJS.Timeout };
  startupTimer?: NodeJS.Timeout;
}

/**
 * Renders in child processes so Typst's CPU time never blocks the event loop and its leak dies with the
 * process. Jobs queue (bounded) until a worker is idle; every failure — compile error, crash, hang, full
 * queue, closed pool — rejects the job with a RenderError, so a caller never waits forever.
 */
export class RenderPool {
  private readonly options: Required<RenderPoolOptions>;
  private readonly workers = new Set<WorkerHandle>();
  private readonly queue: Job[] = [];
  private nextId = 1;
  private startupFailures = 0;
  private closed = false;
  private idleTimer?: NodeJS.Timeout;
  /** Set while a worker that failed to start is waited out before the next attempt. */
  private retryTimer?: NodeJS.Timeout;

  constructor(options: RenderPoolOptions = {}) {
    this.options = { ...defaults, ...options };
    this.start();
  }

  /**
   * Starts the pool's workers. The first get staggered budgets (1/n, 2/n … of the full one), so their
   * retirements, and the starts of the workers that follow them, take turns instead of all landing at once.
   */
  private start(): void {
    const { size, maxRendersPerWorker } = this.options;
    for (let i = 0; i < size; i++) this.spawn(Math.ceil((maxRendersPerWorker * (i + 1)) / size));
  }

  render(request: CompileJob): Promise<RenderOutput> {
    if (this.closed) return Promise.reject(new RenderError('closed', 'The PDF renderer is shut down'));
    if (this.queue.length >= this.options.maxQueue) {
      return Promise.reject(new RenderError('busy', 'The PDF renderer is busy; try again in a moment'));
    }
    clearTimeout(this.idleTimer);
    if (this.workers.size === 0) this.start();
    return new Promise((resolve, reject) => {
      this.queue.push({ request, resolve, reject });
      this.dispatch();
    });
  }

  /** Process ids of the live workers (for tests and diagnostics). */
  workerPids(): number[] {
    return [...this.workers].flatMap((worker) => (worker.child.pid ? [worker.child.pid] : []));
  }

  /** Resident memory of every live worker and of this process, read from /proc where it exists. */
  memoryUsage(): { workersRss: number; parentRss: number; workers: number } {
    let workersRss = 0;
    for (const worker of this.workers) workersRss += readRss(worker.child.pid) ?? worker.rss;
    return { workersRss, parentRss: process.memoryUsage.rss(), workers: this.workers.size };
  }

  /** Resolves once every worker has loaded its fonts, so a benchmark does not time start-up. */
  async ready(): Promise<void> {
    while (!this.closed && [...this.workers].some((worker) => worker.state === 'starting')) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.idleTimer);
    clearTimeout(this.retryTimer);
    for (const job of this.queue.splice(0))
      job.reject(new RenderError('closed', 'The PDF renderer is shut down'));
    const exits = [...this.workers].map((worker) => this.stop(worker, 'closed'));
    await Promise.all(exits);
  }

  private spawn(renderBudget = this.options.maxRendersPerWorker): void {
    if (this.closed) return;
    const entry = workerEntry();
    const child = fork(entry.path, [JSON.stringify(this.options.cache)], {
      // Typst's memory is native; V8's young generation would grow to 48 MB and stay (issue 28, goal 2).
      execArgv: [...entry.execArgv, '--max-semi-space-size=2'],
      env: workerEnv(),
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const worker: WorkerHandle = {
      child,
      state: 'starting',
      renders: 0,
      renderBudget,
      rss: 0,
    };
    this.workers.add(worker);
    worker.startupTimer = setTimeout(() => {
      this.fail(worker, new RenderError('crashed', 'The PDF renderer did not start in time'));
    }, this.options.startupTimeoutMs);
    child.on('message', (message: WorkerResponse) => this.onMessage(worker, message));
    child.on('error', (error) =>
      this.fail(worker, new RenderError('crashed', `The PDF renderer failed: ${error.message}`)),
    );
    child.on('exit', (code, signal) => {
      this.fail(
        worker,
        new RenderError('crashed', `The PDF renderer stopped unexpectedly (${signal ?? `exit ${code}`})`),
      );
    });
  }

  private onMessage(worker: WorkerHandle, message: WorkerResponse): void {
    if (worker.state === 'gone') return;
    worker.rss = message.rss;
    if (message.type === 'ready') {
      clearTimeout(worker.startupTimer);
      this.startupFailures = 0;
      worker.state = 'idle';
      this.dispatch();
      return;
    }
    const current = worker.current;
    if (!current || current.id !== message.id) return;
    clearTimeout(current.timer);
    worker.current = undefined;
    worker.state = 'idle';
    worker.renders++;
    if (message.type === 'done') current.job.resolve({ output: message.output, pages: message.pages });
    else
      current.job.reject(
        new RenderError('compile_failed', `The template could not be rendered: ${message.message}`),
      );
    this.recycleIfWorn(worker);
    this.dispatch();
  }

  /**
   * A worn worker ends as soon as its render is answered; the next worker starts when a render finds no idle one
   * (dispatch), not ahead: a successor started early lived beside its predecessor, the two of them 200–250 MB
   * (issue 28 goal 2). The render that starts it waits for it (~0.2–0.7 s), once every maxRendersPerWorker.
   */
  private recycleIfWorn(worker: WorkerHandle): void {
    const wear = Math.max(worker.renders / worker.renderBudget, worker.rss / this.options.maxWorkerRssBytes);
    if (wear >= 1) void this.stop(worker, 'retired');
  }

  private dispatch(): void {
    this.endWhenIdle();
    this.startWorkersForQueue();
    for (const worker of this.workers) {
      if (this.queue.length === 0) return;
      if (worker.state !== 'idle') continue;
      const job = this.queue.shift();
      if (!job) return;
      const id = this.nextId++;
      worker.state = 'busy';
      const timer = setTimeout(() => {
        this.fail(
          worker,
          new RenderError('timeout', `Rendering took longer than ${this.options.timeoutMs} ms`),
        );
      }, this.options.timeoutMs);
      worker.current = { id, job, timer };
      const request: WorkerRequest = { ...job.request, id };
      worker.child.send(request, (error) => {
        if (!error || worker.current?.id !== id) return;
        // The worker died before it got the job: the job is not at fault, so it goes back to the queue.
        clearTimeout(timer);
        worker.current = undefined;
        this.queue.unshift(job);
        this.fail(worker, new RenderError('crashed', `The PDF renderer stopped: ${error.message}`));
      });
    }
  }

  /** Jobs that no idle or starting worker will take start new workers, up to the pool's size. */
  private startWorkersForQueue(): void {
    if (this.closed || this.retryTimer) return;
    let idleOrStarting = 0;
    for (const worker of this.workers)
      if (worker.state === 'idle' || worker.state === 'starting') idleOrStarting++;
    const wanted = Math.min(this.queue.length - idleOrStarting, this.options.size - this.workers.size);
    for (let i = 0; i < wanted; i++) this.spawn();
  }

  /** With idleMs set, nothing queued and no worker busy or starting: end the workers once idleMs passes. */
  private endWhenIdle(): void {
    const { idleMs } = this.options;
    if (idleMs <= 0 || this.queue.length > 0) return;
    if ([...this.workers].some((worker) => worker.state !== 'idle')) return;
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      if (this.queue.length > 0 || [...this.workers].some((worker) => worker.state !== 'idle')) return;
      for (const worker of this.workers) void this.stop(worker, 'idle');
    }, idleMs);
    this.idleTimer.unref();
  }

  /** A worker crashed, hung or would not start: fail its job, kill it, and start another in its place. */
  private fail(worker: WorkerHandle, error: RenderError): void {
    if (worker.state === 'gone') return;
    const wasStarting = worker.state === 'starting';
    void this.stop(worker, error);
    if (this.closed) return;
    if (!wasStarting) {
      this.spawn();
      return;
    }
    // A worker that dies while starting will likely die again: tell the waiting callers instead of letting
    // them wait, and back off before the next attempt so a broken install does not spin.
    this.startupFailures++;
    if (this.startupFailures >= 3) {
      for (const job of this.queue.splice(0))
        job.reject(new RenderError('crashed', 'The PDF renderer cannot start'));
    }
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(
      () => {
        this.retryTimer = undefined;
        this.spawn();
      },
      Math.min(200 * 2 ** this.startupFailures, 5_000),
    );
    this.retryTimer.unref();
  }

  private stop(worker: WorkerHandle, reason: RenderError | 'retired' | 'closed' | 'idle'): Promise<void> {
    worker.state = 'gone';
    this.workers.delete(worker);
    clearTimeout(worker.startupTimer);
    if (worker.current) {
      clearTimeout(worker.current.timer);
      const error =
        reason instanceof RenderError ? reason : new RenderError('closed', 'The PDF renderer is shut down');
      worker.current.job.reject(error);
      worker.current = undefined;
    }
    const child = worker.child;
    if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill(reason instanceof RenderError ? 'SIGKILL' : 'SIGTERM');
    });
  }
}
