/**
 * Local checks before a request is sent: the contract's limits (via the request schemas, so the emulator
 * refuses the same bodies), the body size (G7), the secret guard, and the connect code's format (G6).
 * Each check throws a LocalRefusal saying what is wrong (lib/words/errors.ts words it); nothing is sent.
 */
import * as z from 'zod/mini';
import { type SecretKind, secretKinds } from '@/lib/safety/secret-guard';
import { MAX_BODY_BYTES } from '@/lib/contract/limits';
import { LocalRefusal } from './errors';
import { issuePath as pathName } from '@/lib/contract/issues';

/**
 * Parses `body` with a request schema; throws LocalRefusal('invalid_input') naming every field at fault.
 * Returns the parsed body (unknown fields dropped).
 */
export function checkRequest<S extends z.core.$ZodType>(schema: S, body: unknown): z.output<S> {
  // Our own request, so its values may stay on the issues: a length is said beside its limit.
  const result = z.safeParse(schema, body, { reportInput: true });
  if (result.success) return result.data;
  const issues = result.error.issues;
  const fields = [...new Set(issues.map((i) => pathName(i.path)).filter((f) => f !== ''))];
  throw new LocalRefusal('invalid_input', { what: 'invalid', issues }, { fields });
}

const encoder = new TextEncoder();

/** UTF-8 bytes of the JSON text (G7). */
export function jsonBytes(body: unknown): number {
  return encoder.encode(JSON.stringify(body)).byteLength;
}

export function checkBodySize(body: unknown, maxBytes: number = MAX_BODY_BYTES): void {
  const bytes = jsonBytes(body);
  if (bytes > maxBytes) {
    throw new LocalRefusal('too_large', { what: 'too_large', bytes, maxBytes });
  }
}

/**
 * Refuses texts that look like they hold a key, password or token. `texts` maps a field name to its text.
 * The message names what was found and where, never the secret.
 */
export function checkNoSecrets(texts: Record<string, string | null | undefined>): void {
  const fields: string[] = [];
  const found = new Set<SecretKind>();
  for (const [field, text] of Object.entries(texts)) {
    if (!text) continue;
    const kinds = secretKinds(text);
    if (kinds.length === 0) continue;
    fields.push(field);
    for (const kind of kinds) found.add(kind);
  }
  if (fields.length === 0) return;
  throw new LocalRefusal('secret_found', { what: 'secrets', fields }, { fields, found: [...found] });
}

/**
 * Connect code (G6): spaces and dashes removed, upper-cased; must then be three letters and eight letters
 * or digits. Returns the code in the contract's written form, ABC-DEFG-HJKL.
 */
export function normaliseConnectCode(input: string): string {
  const compact = input.replace(/[\s\-‐‑‒–—−]/g, '').toUpperCase();
  if (!/^[A-Z]{3}[A-Z0-9]{8}$/.test(compact)) {
    throw new LocalRefusal('code_format', { what: 'said', key: 'local.codeFormat' }, { fields: ['code'] });
  }
  return `${compact.slice(0, 3)}-${compact.slice(3, 7)}-${compact.slice(7)}`;
}
