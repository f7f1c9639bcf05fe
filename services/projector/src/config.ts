import { type BaseConfig, baseEnvSchema, loadEnv, toBaseConfig } from '@remit/kit';

export const loadProjectorConfig = (env?: NodeJS.ProcessEnv): BaseConfig =>
  toBaseConfig(loadEnv(baseEnvSchema, env));
