import {
  type BaseConfig,
  baseEnvSchema,
  ConfigError,
  loadEnv,
  mailEnvSchema,
  toBaseConfig,
} from '@remit/kit';
import { z } from 'zod';
import type { GoogleConfig } from './auth/google.js';
import type { StripeSettings } from './billing/stripe-provider.js';

export const commandEnvSchema = baseEnvSchema.extend(mailEnvSchema.shape).extend({
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** Overrides of Google's endpoints, for a stand-in provider (tests) — leave unset in production. */
  GOOGLE_AUTH_URL: z.url().optional(),
  GOOGLE_TOKEN_URL: z.url().optional(),
  GOOGLE_CERTS_URL: z.url().optional(),
  GOOGLE_ISSUER: z.string().min(1).optional(),
  /** log2 of scrypt's N: 16 is OWASP's recommendation with r=8, p=2. */
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(16),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 7),
  /** Sign-ups allowed per client address per hour (DESIGN §4); a shared office may need more. */
  SIGNUP_LIMIT_PER_IP_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Verification, resend and password-reset requests allowed per client address per 15 minutes. */
  VERIFY_LIMIT_PER_IP_15MIN: z.coerce.number().int().min(1).max(100_000).default(30),
  /** Stripe (docs/operations.md). Without a secret key, billing runs on the built-in sandbox. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_… or rk_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must be a Stripe webhook signing secret (whsec_…)')
    .optional(),
  STRIPE_PRICE_PER_INVOICE: z
    .string()
    .regex(/^price_/, 'must be a Stripe price id (price_…)')
    .optional(),
  STRIPE_PRICE_PRO_MONTHLY: z
    .string()
    .regex(/^price_/, 'must be a Stripe price id (price_…)')
    .optional(),
  STRIPE_PRICE_PRO_YEARLY: z
    .string()
    .regex(/^price_/, 'must be a Stripe price id (price_…)')
    .optional(),
  /** Another address for Stripe's API (stripe-mock, tests); leave unset in production. */
  STRIPE_API_URL: z.url().optional(),
  /** Requests per client address per minute on the customer pages' links (the query side reads the same). */
  PUBLIC_INVOICE_LIMIT_PER_IP_MIN: z.coerce.number().int().min(1).max(100_000).default(60),
  /**
   * Customers' online payments (issue 31): `on` (Stripe Connect: each owner connects their own account
   * to this platform) or `off` (a self-hosted server: the server's own Stripe account takes them).
   */
  STRIPE_CONNECT: z.enum(['on', 'off']).default('on'),
  /** The signing secret of the Connect webhook endpoint (Stripe gives it its own); optional. */
  STRIPE_CONNECT_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must be a Stripe webhook signing secret (whsec_…)')
    .optional(),
  /** Rate limits in Redis instead of the database (both are shared by every replica). */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  /** Prefixed to every key Remit writes to Redis, so one Redis can serve several installations. */
  REDIS_PREFIX: z.string().min(1).max(100).default('remit:'),
  /** How long a password reset link works. */
  PASSWORD_RESET_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(60),
  /** The scheduler's tick (the recurring jobs this service runs when it runs alone); 0: no timer. */
  REMINDER_TICK_MS: z.coerce.number().int().min(0).max(86_400_000).default(60_000),
  VERIFICATION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 14)
    .default(24),
});

export interface CommandConfig extends BaseConfig {
  smtpUrl: string | undefined;
  mailFrom: string;
  google: Omit<GoogleConfig, 'redirectUri'> | null;
  passwordLogCost: number;
  sessionTtlSeconds: number;
  verificationTtlHours: number;
  resetTtlMinutes: number;
  signUpLimitPerIpHour: number;
  verifyLimitPerIp15Min: number;
  redisUrl: string | undefined;
  redisPrefix: string;
  /** REMINDER_TICK_MS: the scheduler's tick where this service runs the recurring jobs alone (main.ts). */
  reminderTickMs: number;
  /** Null: the built-in sandbox takes payments. */
  stripe: StripeSettings | null;
  /** Answers on a quote's customer page per client address per minute (60 when absent). */
  publicLinkLimitPerIpMin?: number;
}

function stripeSettingsFrom(env: z.infer<typeof commandEnvSchema>): StripeSettings | null {
  if (!env.STRIPE_SECRET_KEY) return null;
  const required = {
    STRIPE_WEBHOOK_SECRET: env.STRIPE_WEBHOOK_SECRET,
    STRIPE_PRICE_PER_INVOICE: env.STRIPE_PRICE_PER_INVOICE,
    STRIPE_PRICE_PRO_MONTHLY: env.STRIPE_PRICE_PRO_MONTHLY,
    STRIPE_PRICE_PRO_YEARLY: env.STRIPE_PRICE_PRO_YEARLY,
  };
  const missing = Object.entries(required)
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n${missing.map((name) => `  ${name}: required when STRIPE_SECRET_KEY is set`).join('\n')}`,
    );
  }
  return {
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret: required.STRIPE_WEBHOOK_SECRET as string,
    priceIds: {
      'per-invoice': required.STRIPE_PRICE_PER_INVOICE as string,
      'pro-monthly': required.STRIPE_PRICE_PRO_MONTHLY as string,
      'pro-yearly': required.STRIPE_PRICE_PRO_YEARLY as string,
    },
    apiUrl: env.STRIPE_API_URL ?? null,
    connect: env.STRIPE_CONNECT === 'on',
    connectWebhookSecret: env.STRIPE_CONNECT_WEBHOOK_SECRET ?? null,
  };
}

export function commandConfigFrom(env: z.infer<typeof commandEnvSchema>): CommandConfig {
  const google =
    env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? {
          clientId: env.GOOGLE_CLIENT_ID,
          clientSecret: env.GOOGLE_CLIENT_SECRET,
          ...(env.GOOGLE_AUTH_URL ? { authUrl: env.GOOGLE_AUTH_URL } : {}),
          ...(env.GOOGLE_TOKEN_URL ? { tokenUrl: env.GOOGLE_TOKEN_URL } : {}),
          ...(env.GOOGLE_CERTS_URL ? { certsUrl: env.GOOGLE_CERTS_URL } : {}),
          ...(env.GOOGLE_ISSUER ? { issuers: [env.GOOGLE_ISSUER] } : {}),
        }
      : null;
  return {
    ...toBaseConfig(env),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    google,
    passwordLogCost: env.PASSWORD_HASH_COST,
    sessionTtlSeconds: env.SESSION_TTL_HOURS * 3600,
    verificationTtlHours: env.VERIFICATION_TTL_HOURS,
    resetTtlMinutes: env.PASSWORD_RESET_TTL_MINUTES,
    signUpLimitPerIpHour: env.SIGNUP_LIMIT_PER_IP_HOUR,
    verifyLimitPerIp15Min: env.VERIFY_LIMIT_PER_IP_15MIN,
    redisUrl: env.REDIS_URL,
    redisPrefix: env.REDIS_PREFIX,
    reminderTickMs: env.REMINDER_TICK_MS,
    stripe: stripeSettingsFrom(env),
    publicLinkLimitPerIpMin: env.PUBLIC_INVOICE_LIMIT_PER_IP_MIN,
  };
}

export const loadCommandConfig = (env?: NodeJS.ProcessEnv): CommandConfig =>
  commandConfigFrom(loadEnv(commandEnvSchema, env));
