import { type CachePolicy, defaultCachePolicy } from './cache-policy.js';

/** What a RenderPool can be told; every option has a default (`defaults`). */
export interface RenderPoolOptions {
  /** Worker processes rendering in parallel. */
  size?: number;
  /**
   * A worker ends after this many renders, and the next starts when a render needs it: Typst keeps about 0.1 MB
   * per PDF render that no eviction frees, so this bounds a worker's memory (about 50 MB over its life at the
   * default) …
   */
  maxRendersPerWorker?: number;
  /** …or as soon as its resident memory passes this (long invoices keep more per render). */
  maxWorkerRssBytes?: number;
  /** What each worker keeps of Typst's memoisation between renders (see CachePolicy). */
  cache?: CachePolicy;
  /** A render taking longer than this is abandoned and its worker killed. */
  timeoutMs?: number;
  /** Jobs waiting for a worker beyond this are refused at once rather than piling up. */
  maxQueue?: number;
  /** A worker that has not loaded its fonts and compiler by then is considered failed. */
  startupTimeoutMs?: number;
  /**
   * With nothing to render for this long the workers end (each holds 90–250 MB) and the next render starts
   * them again (about 150 ms); 0 keeps them for the pool's life.
   */
  idleMs?: number;
}

/** The pool's settings where its caller gives none. */
export const defaults: Required<RenderPoolOptions> = {
  size: 2,
  maxRendersPerWorker: 500,
  maxWorkerRssBytes: 256 * 1024 * 1024,
  cache: defaultCachePolicy,
  timeoutMs: 15_000,
  maxQueue: 500,
  startupTimeoutMs: 20_000,
  idleMs: 0,
};
