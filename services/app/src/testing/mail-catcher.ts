import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  raw: string;
}

/** Decodes quoted-printable soft line breaks and escapes, enough to read links out of a message. */
export function decodeQuotedPrintable(text: string): string {
  return (
    text
      .replace(/=\r?\n/g, '')
      // A run of escaped bytes is UTF-8 text (an 'ë' is two of them).
      .replace(/(?:=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replaceAll('=', ''), 'hex').toString('utf8'))
  );
}

/** The verification link's token and e-mail, read from a message as a person's mail client would show it. */
export function verificationLinkIn(raw: string): { url: string; token: string; email: string } | null {
  const text = decodeQuotedPrintable(raw);
  const match = text.match(/https?:\/\/[^\s"<>]+\/verify-email\?token=[^\s"<>]+/);
  if (!match) return null;
  const url = new URL(match[0].replace(/&amp;/g, '&'));
  return {
    url: url.toString(),
    token: url.searchParams.get('token') ?? '',
    email: url.searchParams.get('email') ?? '',
  };
}

/** The password reset link's token and e-mail, read from a message as a mail client would show it. */
export function resetLinkIn(raw: string): { url: string; token: string; email: string } | null {
  const text = decodeQuotedPrintable(raw);
  const match = text.match(/https?:\/\/[^\s"<>]+\/reset-password\?token=[^\s"<>]+/);
  if (!match) return null;
  const url = new URL(match[0].replace(/&amp;/g, '&'));
  return {
    url: url.toString(),
    token: url.searchParams.get('token') ?? '',
    email: url.searchParams.get('email') ?? '',
  };
}

/** A real SMTP server on a free port that keeps every message it receives. */
export async function startMailCatcher() {
  const messages: CaughtMail[] = [];
  const waiters: (() => void)[] = [];
  let held: Promise<void> | null = null;
  let refusing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        if (refusing) {
          callback(Object.assign(new Error('Mailbox unavailable, try again later'), { responseCode: 451 }));
          return;
        }
        // A slow mail server: nothing is accepted while held.
        await held;
        messages.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** The next message to this address, waiting up to 5 s for it to arrive. */
    async nextTo(address: string, after = 0): Promise<CaughtMail> {
      const deadline = Date.now() + 5_000;
      for (;;) {
        const found = messages.slice(after).find((message) => message.to.includes(address));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${address} arrived`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    /** Holds every message until the returned function is called, as a slow or stuck server would. */
    hold(): () => void {
      let release!: () => void;
      held = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => {
        held = null;
        release();
      };
    },
    /** Refuses every message (451) until called with `false`, as a failing mail server would. */
    refuse(on = true): void {
      refusing = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
