import { type BaseConfig, baseEnvSchema, loadEnv, toBaseConfig } from '@remit/kit';
import { z } from 'zod';
import type { GoogleConfig } from './auth/google.js';

export const commandEnvSchema = baseEnvSchema.extend({
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Remit <no-reply@remit.local>'),
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
  signUpLimitPerIpHour: number;
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
    signUpLimitPerIpHour: env.SIGNUP_LIMIT_PER_IP_HOUR,
  };
}

export const loadCommandConfig = (env?: NodeJS.ProcessEnv): CommandConfig =>
  commandConfigFrom(loadEnv(commandEnvSchema, env));
