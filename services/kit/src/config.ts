import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import type { OpenDatabaseOptions } from '@remit/eventstore';
import { z } from 'zod';

/** Raised at start-up: the message names every variable that is wrong, and the process stops. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const databaseUrl = z
  .string()
  .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
  .optional();

/** Express's `trust proxy`: how many proxies in front, or which addresses are ours; never "all". */
export type TrustProxy = false | number | string[];

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const version = isIP(address ?? '');
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const prefix = Number(bits);
  return /^\d+$/.test(bits) && prefix <= (version === 4 ? 32 : 128);
}

/**
 * `TRUST_PROXY`: unset or 0, the address a request came from is the client's (X-Forwarded-For is
 * ignored, so nobody can claim another address); a number, that many proxies in front (1 behind the
 * shipped Caddy); or a comma-separated list of the proxies' addresses and subnets (or `loopback`,
 * `linklocal`, `uniquelocal`). `true` is refused: trusting every hop lets any client pick its address.
 */
const trustProxy = z
  .string()
  .trim()
  .refine(
    (value) =>
      /^\d{1,2}$/.test(value) ||
      value === 'false' ||
      value.split(',').every((entry) => isProxyAddress(entry.trim())),
    'must be a number of proxies (1 behind one proxy) or a list of proxy addresses / subnets; "true" is not accepted',
  )
  .transform((value): TrustProxy => {
    if (value === 'false' || value === '0') return false;
    if (/^\d{1,2}$/.test(value)) return Number(value);
    return value.split(',').map((entry) => entry.trim());
  })
  .optional();

/** Settings every service shares (DESIGN §1: environment variables, validated once). */
export const baseEnvSchema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  APP_URL: z.url({ error: 'must be an absolute http(s) URL' }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: databaseUrl,
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  PGLITE_THREAD: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('true')
    .transform((value) => value === 'true'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy,
  /**
   * `off`: self-hosting without a paywall; every account counts as a subscriber and no checkout is
   * offered. The spec's paywall (`on`) is the default.
   */
  BILLING: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
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
  /** PostgreSQL connections per process. */
  databasePoolSize: number;
  /** The embedded store's engine on a worker thread of its own (else on the server's thread). */
  pgliteThread: boolean;
  jwtSecret: string | undefined;
  logLevel: string;
  trustProxy: TrustProxy;
  /** False with `BILLING=off`: every account is a subscriber, and checkout is refused. */
  billingOn: boolean;
}

export function toBaseConfig(env: BaseEnv): BaseConfig {
  return {
    host: env.HOST,
    port: env.PORT,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    pgliteThread: env.PGLITE_THREAD,
    jwtSecret: env.JWT_SECRET,
    logLevel: env.LOG_LEVEL,
    billingOn: env.BILLING === 'on',
    trustProxy: env.TRUST_PROXY ?? false,
  };
}

/** How to open the database these settings name: PostgreSQL at DATABASE_URL, else the embedded store. */
export function databaseOptions(
  config: BaseConfig,
): Pick<OpenDatabaseOptions, 'databaseUrl' | 'dataDir' | 'poolSize' | 'pgliteThread'> {
  return {
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    pgliteThread: config.pgliteThread,
  };
}
