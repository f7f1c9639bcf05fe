import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 64;

function deriveKey(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

function scryptOptions(logCost: number): ScryptOptions {
  const N = 2 ** logCost;
  // OWASP's scrypt settings at N=2^16: r=8, p=2 (64 MiB per hash). scrypt needs 128·N·r bytes.
  return { N, r: 8, p: 2, maxmem: 256 * N * 8 };
}

/**
 * scrypt from node:crypto (DESIGN §4), runs on libuv's thread pool so it never blocks the event loop.
 * The stored form carries its parameters, so the cost can rise later without breaking old hashes.
 */
export async function hashPassword(password: string, logCost: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await deriveKey(password, salt, scryptOptions(logCost));
  return `scrypt$${logCost}$8$2$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = stored?.split('$');
  if (!parts || parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, logCost, , , salt, key] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(key, 'base64url');
  const actual = await deriveKey(password, Buffer.from(salt, 'base64url'), scryptOptions(Number(logCost)));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A real hash to compare against when the account does not exist, so timing reveals nothing. */
export async function passwordDecoy(logCost: number): Promise<string> {
  return hashPassword(randomBytes(12).toString('base64url'), logCost);
}
