/**
 * What a feature's commands are made of: a payload schema and a reply schema, both checked at both ends.
 * zod/mini keeps the protocol small in the panel's bundle; the background parses every API answer with the
 * full schemas before storing or replying, so reply values that carry API objects are checked for shape here.
 */
import * as z from 'zod/mini';
import { lazySchema } from '@/lib/contract/lazy-schema';
import { MAX_ID_CHARS } from '@/lib/contract/limits';

export const str = (min: number, max: number) => z.string().check(z.minLength(min), z.maxLength(max));
/** Contract ids (agent, session): 1 to 64 characters. */
export const id = () => str(1, MAX_ID_CHARS);
export const Empty = lazySchema(() => z.object({}));

export function command<P extends z.ZodMiniType, R extends z.ZodMiniType>(payload: P, reply: R) {
  return { payload, reply };
}
