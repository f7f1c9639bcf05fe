import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestApp } from './harness.js';
import { type startMailCatcher, verificationLinkIn } from './mail-catcher.js';

/**
 * A verified, signed-in account made through the API as a person would: sign up, open the link from
 * the outbox, verify. Returns the session token.
 */
export async function signedInUser(
  app: TestApp,
  email: string,
  name = 'Test Person',
  options: { skipSignUp?: boolean } = {},
) {
  if (!options.skipSignUp) {
    const signup = await app.post('/auth/signup', { name, email, password: 'Sunflower42' });
    if (signup.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(signup.body)}`);
  }
  const link = await mailedLink(app, email, verificationLinkIn);
  const verified = await app.post('/auth/verify-email', { email, token: link.token });
  return { token: verified.body.token as string, user: verified.body.user as { id: string } };
}

/**
 * The same with mail going to a real SMTP server (the mail catcher): sign up, open the link from the mail
 * that reached it, verify. Returns the session token.
 */
export async function signedInThroughMail(
  app: TestApp,
  mail: Awaited<ReturnType<typeof startMailCatcher>>,
  email: string,
  name = 'Ada Owner',
): Promise<string> {
  const signup = await app.post('/auth/signup', { name, email, password: 'Sunflower42' });
  if (signup.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(signup.body)}`);
  const link = verificationLinkIn((await mail.nextTo(email)).raw);
  return String((await app.post('/auth/verify-email', { email, token: link?.token })).body.token);
}

/**
 * The newest link of a kind mailed to `email`, read from the outbox as the person would; mail goes out
 * after the answer, so this waits for it (up to 5 s).
 */
export async function mailedLink<Link extends { email: string }>(
  app: TestApp,
  email: string,
  linkIn: (raw: string) => Link | null,
): Promise<Link> {
  const outbox = join(app.dataDir, 'outbox');
  const deadline = Date.now() + 5_000;
  for (;;) {
    const files = await readdir(outbox).catch(() => [] as string[]);
    for (const file of files.sort().reverse()) {
      const link = linkIn(await readFile(join(outbox, file), 'utf8'));
      if (link?.email === email) return link;
    }
    if (Date.now() > deadline) throw new Error(`no mail with a link for ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
