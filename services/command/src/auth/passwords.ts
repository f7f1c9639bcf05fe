import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 64;

function deriveKey(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

// OWASP's scrypt settings at N=2^16: r=8, p=2 (64 MiB per hash).
const BLOCK_SIZE = 8;
const PARALLELISM = 2;

function scryptOptions(logCost: number, r = BLOCK_SIZE, p = PARALLELISM): ScryptOptions {
  const N = 2 ** logCost;
  // scrypt needs 128·N·r bytes; allow twice that.
  return { N, r, p, maxmem: 256 * N * r };
}

/**
 * scrypt from node:crypto (DESIGN §4), runs on libuv's thread pool so it never blocks the event loop.
 * The stored form carries its parameters, so the cost can rise later without breaking old hashes.
 */
export async function hashPassword(password: string, logCost: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await deriveKey(password, salt, scryptOptions(logCost));
  return `scrypt$${logCost}$${BLOCK_SIZE}$${PARALLELISM}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = stored?.split('$') ?? [];
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, logCost, r, p, salt, key] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(key, 'base64url');
  const options = scryptOptions(Number(logCost), Number(r), Number(p));
  const actual = await deriveKey(password, Buffer.from(salt, 'base64url'), options);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A real hash to compare against when the account does not exist, so timing reveals nothing. */
export async function passwordDecoy(logCost: number): Promise<string> {
  return hashPassword(randomBytes(12).toString('base64url'), logCost);
}
