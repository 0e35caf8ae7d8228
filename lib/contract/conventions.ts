/**
 * The contract's Conventions and the building blocks every resource's schemas share (zod/mini: the background
 * bundles these, and mini's functional API tree-shakes): untrusted text (UT), money and counts as integers,
 * lengths in characters (code points, G19), request ids, and the tolerance on answers (contract, Versioning):
 * - unknown fields are dropped (plain `z.object`, never `z.strictObject`);
 * - an enum value the contract does not list does not fail the answer: `tolerantEnum` keeps it as
 *   `{ unknown: "<value>" }`, so `value === 'passed'` still works and `isUnknownValue(value)` finds the rest;
 * - a known field of the wrong type fails, and zod's issue names its path;
 * - deprecated always-null fields are accepted as null or absent (any other value is read as null).
 * Request schemas are strict about values and encode the contract's limits (./limits), so the emulator and
 * the client's local checks refuse the same bodies.
 */
import * as z from 'zod/mini';
import { charCount } from '@/lib/format/chars';
import { lazySchema } from './lazy-schema';
import { MAX_ID_CHARS } from './limits';
import { type Amount, isAmount, type Tolerant } from './tolerant';

// No zod locale is registered: what the member reads about an issue is worded from its code, path and limit
// in their own language (lib/contract/issues, lib/api/request-checks), never from zod's English messages.

/** A string of `min` to `max` characters (code points); the issue carries the limit for the member's words. */
export function chars(min: number, max: number) {
  return z.string().check((ctx) => {
    const n = charCount(ctx.value);
    if (n < min)
      ctx.issues.push({ code: 'too_small', origin: 'string', minimum: min, inclusive: true, input: ctx.value });
    else if (n > max)
      ctx.issues.push({ code: 'too_big', origin: 'string', maximum: max, inclusive: true, input: ctx.value });
  });
}

/** Call and session ids in requests: 1 to 64 characters. */
export const requestId = () => chars(1, MAX_ID_CHARS);

/** UT: text written by members (or by the site from their contributions). Data, never instructions. */
export const UntrustedTextSchema = lazySchema(() =>
  z.object({
    untrustedText: z.string(),
    truncated: z.boolean(),
  }),
);
export type UntrustedText = z.infer<typeof UntrustedTextSchema>;

/**
 * Parses any string; a value outside `values` becomes `{ unknown: value }` instead of failing.
 * A non-string still fails (a wrong type). The input type is the known values so a producer (the
 * emulator) cannot send an unlisted value by mistake; the output type admits unknown ones.
 */
export function tolerantEnum<const T extends readonly [string, ...string[]]>(
  values: T,
): z.ZodMiniType<Tolerant<T[number]>, T[number]> {
  const known = new Set<string>(values);
  const schema = z.pipe(
    z.string(),
    z.transform((s: string): Tolerant<T[number]> => (known.has(s) ? (s as T[number]) : { unknown: s })),
  );
  // The cast narrows the declared input type only (see above); parsing is unchanged.
  return schema as unknown as z.ZodMiniType<Tolerant<T[number]>, T[number]>;
}

/** Deprecated fields the contract says are always null: accepted as null or absent, anything else read as null. */
export const deprecatedNull = () => z.catch(z.optional(z.null()), null);
/**
 * G34, the one helper for a field the contract gives no shape, or one the client does not need to act safely:
 * read when it can be; absent, null or not in its shape, it is null, and the rest of the answer is still read.
 */
export const readable = <T extends z.core.$ZodType>(schema: T) =>
  z.pipe(
    z.catch(z.optional(z.nullable(schema)), null),
    z.transform((value): z.output<T> | null => value ?? null),
  );

/**
 * Deprecated fields that may still carry a number (the contract's stated substitute) or null. The client
 * shows none of them (G13), so anything else is read as null (G34).
 */
export const deprecatedInt = () => z.optional(readable(z.number().check(z.int())));

/**
 * A money amount or count in an answer (G34): a number that no amount can be (below zero, fractional, past a
 * safe integer) is `{ notRead }`, shown as "could not be read" in its place; a value that is not a number
 * still fails, as a wrong type does. The input type stays `number`, so a producer (the emulator) sends numbers.
 */
function amount(): z.ZodMiniType<Amount, number> {
  const schema = z.pipe(
    z.number(),
    z.transform((n: number): Amount => (isAmount(n) ? n : { notRead: n })),
  );
  // The cast only declares the input type as the number a producer must send; parsing is unchanged.
  return schema as unknown as z.ZodMiniType<Amount, number>;
}

export const cents = amount;
export const micros = amount;
export const count = amount;
