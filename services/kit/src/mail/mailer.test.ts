import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { createMailer } from './mailer.js';

describe('the file outbox (no SMTP_URL)', () => {
  let root: string;
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('writes each mail readable by its owner only (0600) in a folder only its owner may open (0700)', async () => {
    root = await mkdtemp(join(tmpdir(), 'remit-outbox-'));
    const outboxDir = join(root, 'data', 'outbox');
    const mailer = createMailer(
      { smtpUrl: undefined, from: 'Remit <no-reply@remit.test>', outboxDir },
      createLogger({ level: 'silent', name: 'test' }),
    );
    await mailer.send({
      to: 'ada@example.com',
      subject: 'Your sign-in link',
      text: 'https://remit.test/login?token=secret',
      html: '<a href="https://remit.test/login?token=secret">Sign in</a>',
    });
    mailer.close();

    const [file] = await readdir(outboxDir);
    expect(((await stat(outboxDir)).mode & 0o777).toString(8)).toBe('700');
    expect(((await stat(join(outboxDir, file as string))).mode & 0o777).toString(8)).toBe('600');
  });
});
