import { randomBytes } from 'node:crypto';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../logger.js';

export interface MailMessage {
  to: string | string[];
  cc?: string[];
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
  /** A stable id (`<…@…>`), so a mail client can tell a repeat of the same message. */
  messageId?: string;
  replyTo?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerConfig {
  /** smtp:// or smtps:// URL; without it, mail goes to the outbox folder (DESIGN §1). */
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
}

/** Sends over SMTP when configured; otherwise logs each message and writes it as an .eml file. */
export function createMailer(config: MailerConfig, logger: Logger): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(message) {
        const info = await transport.sendMail({ from: config.from, ...message });
        logger.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: config.from, ...message });
      // Mails hold sign-in and reset links: only the server's own user may list or read them, even in
      // a folder an older version created with the default umask.
      await mkdir(config.outboxDir, { recursive: true, mode: 0o700 });
      await chmod(config.outboxDir, 0o700);
      const file = join(config.outboxDir, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600, flag: 'wx' });
      logger.info(
        { to: message.to, subject: message.subject, file },
        'mail written to the outbox (no SMTP_URL)',
      );
    },
    close: () => transport.close(),
  };
}
