/**
 * What every route shares: the Hono environment (the world, the connection the key belongs to, the raw
 * body), the origin answers put in their links, and reading a JSON body in the order of G5 (invalid_json,
 * too_large, invalid_input).
 */
import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';
import { z } from 'zod';
import { issuePath } from '@/lib/contract/issues';
import { MAX_BODY_BYTES } from '@/lib/contract/limits';
import { ApiError, invalidInput } from './errors';
import type { ConnectionRec, MemberRec } from './store';
import type { World } from './world';

export type AppEnv = {
  Bindings: HttpBindings;
  Variables: {
    world: World;
    conn: ConnectionRec;
    member: MemberRec;
    /** The body as received (empty string when none). */
    rawBody: string;
    rawBodyBytes: number;
    /** A fault's delay, applied once the request holds its Idempotency-Key. */
    faultDelayMs: number;
  };
};

export type AppContext = Context<AppEnv>;

/** Links in answers use the address the client used, so they match the site it entered (G17). */
export function originOf(c: AppContext): string {
  return new URL(c.req.url).origin;
}

/** Parses the raw body: 400 invalid_json, then 413 too_large (G5 step 1). Empty counts as `{}` when allowed. */
export function jsonBody(c: AppContext, options: { maxBytes?: number; emptyIsObject?: boolean } = {}): unknown {
  const raw = c.get('rawBody');
  let value: unknown;
  if (raw.trim() === '' && options.emptyIsObject) value = {};
  else {
    try {
      value = JSON.parse(raw);
    } catch {
      throw new ApiError(400, 'invalid_json');
    }
  }
  if (c.get('rawBodyBytes') > (options.maxBytes ?? MAX_BODY_BYTES)) throw new ApiError(413, 'too_large');
  return value;
}

/** Validates with a lib/api request schema; invalid_input names every field at fault. */
export function validate<S extends z.core.$ZodType>(schema: S, value: unknown): z.output<S> {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw invalidInput([], 'The body must be a JSON object.');
  const result = z.safeParse(schema, value);
  if (result.success) return result.data;
  const fields = [...new Set(result.error.issues.map((i) => issuePath(i.path)).filter((p) => p !== ''))];
  const message = result.error.issues.map((i) => `${issuePath(i.path) || 'body'}: ${i.message}`).join('; ');
  throw invalidInput(fields, message);
}

/** JSON body, then the schema: the whole of G5 step 1 but the secret guard. */
export function readJson<S extends z.core.$ZodType>(
  c: AppContext,
  schema: S,
  options: { maxBytes?: number; emptyIsObject?: boolean } = {},
): z.output<S> {
  return validate(schema, jsonBody(c, options));
}
