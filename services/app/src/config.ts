import { type CommandConfig, commandConfigFrom, commandEnvSchema } from '@remit/command';
import { loadEnv } from '@remit/kit';
import { collectionClockEnvSchema } from '@remit/projector';
import { type QueryConfig, queryConfigFrom, queryEnvSchema } from '@remit/query';
import { z } from 'zod';
import type { AdmissionSettings } from './admission.js';

export const appEnvSchema = commandEnvSchema
  .extend(queryEnvSchema.shape)
  .extend(collectionClockEnvSchema.shape)
  .extend({
    /** Admission control in front of the embedded store (admission.ts); 0 turns it off. */
    ADMISSION_CONCURRENCY: z.coerce.number().int().min(0).max(1000).default(8),
    ADMISSION_QUEUE: z.coerce.number().int().min(0).max(100_000).default(64),
    ADMISSION_WAIT_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
    ADMISSION_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(3600).default(2),
  });

export interface AppConfig {
  command: CommandConfig;
  query: QueryConfig;
  /** Applies when the store is the embedded one. */
  admission: AdmissionSettings;
  /** Milliseconds between the time process's ticks; 0: none (tests tick it themselves). */
  reminderTickMs: number;
}

/** The all-in-one process reads every service's settings from one environment. */
export function loadAppConfig(env?: NodeJS.ProcessEnv): AppConfig {
  const parsed = loadEnv(appEnvSchema, env);
  return {
    command: commandConfigFrom(parsed),
    query: queryConfigFrom(parsed),
    admission: {
      concurrency: parsed.ADMISSION_CONCURRENCY,
      queue: parsed.ADMISSION_QUEUE,
      waitMs: parsed.ADMISSION_WAIT_MS,
      retryAfterSeconds: parsed.ADMISSION_RETRY_AFTER_SECONDS,
    },
    reminderTickMs: parsed.REMINDER_TICK_MS,
  };
}
