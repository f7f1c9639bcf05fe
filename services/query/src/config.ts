import { availableParallelism } from 'node:os';
import { type BaseConfig, baseEnvSchema, loadEnv, toBaseConfig } from '@remit/kit';
import { z } from 'zod';

export const queryEnvSchema = baseEnvSchema.extend({
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** Unset: one on a machine of two cores or fewer, two above (defaultPdfWorkers). */
  PDF_WORKERS: z.coerce.number().int().min(1).max(16).optional(),
  PDF_WORKER_MAX_RSS_MB: z.coerce.number().int().min(128).max(8192).default(256),
  /** Seconds without a render after which the render workers end (the next render starts them); 0: never. */
  PDF_WORKER_IDLE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  READ_YOUR_WRITES_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
  /**
   * Customer page requests (`/api/public/invoices/…`: the view, its preview and its PDF) allowed per client
   * address per minute. One look at the page is three; a shared office or a mail scanner may need more.
   */
  PUBLIC_INVOICE_LIMIT_PER_IP_MIN: z.coerce.number().int().min(1).max(100_000).default(60),
  /** The rate limits' counters in Redis instead of the database (the command service's setting too). */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  REDIS_PREFIX: z.string().min(1).max(100).default('remit:'),
});

export interface QueryConfig extends BaseConfig {
  googleConfigured: boolean;
  /**
   * The PDF renderer's child processes, the memory at which each is replaced (Typst leaks), and how long they
   * stay with nothing to render.
   */
  pdf: { workers: number; maxWorkerRssBytes: number; idleMs: number };
  /** How long a query that names a position waits for the read models to apply it. */
  readYourWritesWaitMs: number;
  /** Customer page requests per client address per minute. */
  publicInvoiceLimitPerIpMin: number;
  redisUrl: string | undefined;
  redisPrefix: string;
}

/**
 * Render workers when PDF_WORKERS is unset. Each holds 110–200 MB (Typst), and on two cores a second one renders
 * little faster, the server's own work on the request taking the other core (issue 28 goal 2).
 */
export function defaultPdfWorkers(cores: number): number {
  return cores > 2 ? 2 : 1;
}

export function queryConfigFrom(env: z.infer<typeof queryEnvSchema>): QueryConfig {
  return {
    ...toBaseConfig(env),
    googleConfigured: Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
    pdf: {
      workers: env.PDF_WORKERS ?? defaultPdfWorkers(availableParallelism()),
      maxWorkerRssBytes: env.PDF_WORKER_MAX_RSS_MB * 1024 * 1024,
      idleMs: env.PDF_WORKER_IDLE_SECONDS * 1000,
    },
    readYourWritesWaitMs: env.READ_YOUR_WRITES_WAIT_MS,
    publicInvoiceLimitPerIpMin: env.PUBLIC_INVOICE_LIMIT_PER_IP_MIN,
    redisUrl: env.REDIS_URL,
    redisPrefix: env.REDIS_PREFIX,
  };
}

export const loadQueryConfig = (env?: NodeJS.ProcessEnv): QueryConfig =>
  queryConfigFrom(loadEnv(queryEnvSchema, env));
