import { existsSync } from 'node:fs';
import { z } from 'zod';

/** Raised at start-up: the message names every variable that is wrong, and the process stops. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const databaseUrl = z
  .string()
  .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
  .optional();

/** Settings every service shares (DESIGN §1: environment variables, validated once). */
export const baseEnvSchema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  APP_URL: z.url({ error: 'must be an absolute http(s) URL' }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: databaseUrl,
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type BaseEnv = z.infer<typeof baseEnvSchema>;

/** Reads `.env` from the working directory if present; real environment variables win. */
function environment(): NodeJS.ProcessEnv {
  if (existsSync('.env')) process.loadEnvFile('.env');
  return process.env;
}

/**
 * Validates the environment against a schema. Empty strings count as unset, so `FOO=` in a
 * .env file falls back to the default instead of failing.
 */
export function loadEnv<Schema extends z.ZodObject>(
  schema: Schema,
  env: NodeJS.ProcessEnv = environment(),
): z.output<Schema> {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = schema.safeParse(present);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
}

export interface BaseConfig {
  host: string;
  port: number;
  /** Where people reach the web app; links in e-mails and payment redirects start with it. */
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  logLevel: string;
}

export function toBaseConfig(env: BaseEnv): BaseConfig {
  return {
    host: env.HOST,
    port: env.PORT,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    jwtSecret: env.JWT_SECRET,
    logLevel: env.LOG_LEVEL,
  };
}
