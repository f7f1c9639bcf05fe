import { type BaseConfig, baseEnvSchema, loadEnv, toBaseConfig } from '@remit/kit';
import { z } from 'zod';

export const queryEnvSchema = baseEnvSchema.extend({
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
});

export interface QueryConfig extends BaseConfig {
  googleConfigured: boolean;
}

export function queryConfigFrom(env: z.infer<typeof queryEnvSchema>): QueryConfig {
  return {
    ...toBaseConfig(env),
    googleConfigured: Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
  };
}

export const loadQueryConfig = (env?: NodeJS.ProcessEnv): QueryConfig =>
  queryConfigFrom(loadEnv(queryEnvSchema, env));
