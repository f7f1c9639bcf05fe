import { type CommandConfig, commandConfigFrom, commandEnvSchema } from '@remit/command';
import { loadEnv } from '@remit/kit';
import { type QueryConfig, queryConfigFrom, queryEnvSchema } from '@remit/query';

export const appEnvSchema = commandEnvSchema.extend(queryEnvSchema.shape);

export interface AppConfig {
  command: CommandConfig;
  query: QueryConfig;
}

/** The all-in-one process reads every service's settings from one environment. */
export function loadAppConfig(env?: NodeJS.ProcessEnv): AppConfig {
  const parsed = loadEnv(appEnvSchema, env);
  return { command: commandConfigFrom(parsed), query: queryConfigFrom(parsed) };
}
