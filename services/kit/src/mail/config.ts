import { z } from 'zod';

/** The mail settings every sender shares: the command service and the projector's time process. */
export const mailEnvSchema = z.object({
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Remit <no-reply@remit.local>'),
});
