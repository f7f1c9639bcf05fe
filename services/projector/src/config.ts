import { type BaseConfig, baseEnvSchema, loadEnv, mailEnvSchema, toBaseConfig } from '@remit/kit';
import { z } from 'zod';

/** The time process's settings, shared by the projector and the all-in-one app. */
export const collectionClockEnvSchema = z.object({
  /** Milliseconds between the time process's ticks (overdue, reminders, notifications); 0 turns it off. */
  REMINDER_TICK_MS: z.coerce.number().int().min(0).max(86_400_000).default(60_000),
});

export const projectorEnvSchema = baseEnvSchema
  .extend(mailEnvSchema.shape)
  .extend(collectionClockEnvSchema.shape);

export interface ProjectorConfig extends BaseConfig {
  smtpUrl: string | undefined;
  mailFrom: string;
  reminderTickMs: number;
}

export function loadProjectorConfig(env?: NodeJS.ProcessEnv): ProjectorConfig {
  const parsed = loadEnv(projectorEnvSchema, env);
  return {
    ...toBaseConfig(parsed),
    smtpUrl: parsed.SMTP_URL,
    mailFrom: parsed.MAIL_FROM,
    reminderTickMs: parsed.REMINDER_TICK_MS,
  };
}
