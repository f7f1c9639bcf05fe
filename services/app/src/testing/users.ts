import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestApp } from './harness.js';
import { verificationLinkIn } from './mail-catcher.js';

/**
 * A verified, signed-in account made through the API as a person would: sign up, open the link from
 * the outbox, verify. Returns the session token.
 */
export async function signedInUser(app: TestApp, email: string, name = 'Test Person') {
  const signup = await app.post('/auth/signup', { name, email, password: 'Sunflower42' });
  if (signup.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(signup.body)}`);
  const outbox = join(app.dataDir, 'outbox');
  for (const file of (await readdir(outbox)).sort().reverse()) {
    const link = verificationLinkIn(await readFile(join(outbox, file), 'utf8'));
    if (link?.email !== email) continue;
    const verified = await app.post('/auth/verify-email', { email, token: link.token });
    return { token: verified.body.token as string, user: verified.body.user as { id: string } };
  }
  throw new Error(`no verification mail for ${email}`);
}
