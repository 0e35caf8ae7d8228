import { createHash, randomBytes, randomInt } from 'node:crypto';

/** Opaque ids: a readable prefix and random URL-safe characters. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(9).toString('base64url')}`;
}

/** A connection key: gpc_ and 43 URL-safe base64 characters (32 random bytes). */
export function newKey(): string {
  return `gpc_${randomBytes(32).toString('base64url')}`;
}

/** Keys are kept only as hashes, as the site keeps them. */
export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

// No 0/O, 1/I/L, so a code read aloud or copied by hand survives.
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A connect code as shown to the member: GLD-XXXX-XXXX (G6). */
export function newConnectCode(): string {
  const pick = () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  const group = () => Array.from({ length: 4 }, pick).join('');
  return `GLD-${group()}-${group()}`;
}

/** Case, spaces and dashes do not matter in a connect code (contract, claim). */
export function normalizeCode(code: string): string {
  return code.replace(/[\s-]+/g, '').toUpperCase();
}
