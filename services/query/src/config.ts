import { type BaseConfig, baseEnvSchema, loadEnv, toBaseConfig } from '@remit/kit';
import { z } from 'zod';

export const queryEnvSchema = baseEnvSchema.extend({
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  PDF_WORKERS: z.coerce.number().int().min(1).max(16).default(2),
  PDF_WORKER_MAX_RSS_MB: z.coerce.number().int().min(128).max(8192).default(448),
  READ_YOUR_WRITES_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
});

export interface QueryConfig extends BaseConfig {
  googleConfigured: boolean;
  /** The PDF renderer's child processes, and the memory at which each is replaced (Typst leaks). */
  pdf: { workers: number; maxWorkerRssBytes: number };
  /** How long a query that names a position waits for the read models to apply it. */
  readYourWritesWaitMs: number;
}

export function queryConfigFrom(env: z.infer<typeof queryEnvSchema>): QueryConfig {
  return {
    ...toBaseConfig(env),
    googleConfigured: Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
    pdf: { workers: env.PDF_WORKERS, maxWorkerRssBytes: env.PDF_WORKER_MAX_RSS_MB * 1024 * 1024 },
    readYourWritesWaitMs: env.READ_YOUR_WRITES_WAIT_MS,
  };
}

export const loadQueryConfig = (env?: NodeJS.ProcessEnv): QueryConfig =>
  queryConfigFrom(loadEnv(queryEnvSchema, env));
