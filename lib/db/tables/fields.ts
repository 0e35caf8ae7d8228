/**
 * Field schemas the tables share. API answers inside rows were parsed by lib/api before they were stored (and
 * may hold tolerant `{ unknown }` values), so a row checks them only for being objects, typed as lib/api read them.
 */
import * as z from 'zod/mini';
import { isJsonObject } from '@/lib/api/json-object';

/** An API answer as lib/api parsed it: checked for being an object, typed as what was stored. */
export const apiObject = <T extends object>() => z.custom<T>(isJsonObject);

/** An ISO 8601 date-time string. */
export const iso = () => z.string().check(z.minLength(1));

/** Milliseconds since the epoch (scheduling, compared with Date.now()). */
export const epochMs = () => z.number();

/** A money amount as lib/api read it: a whole number, or `{ notRead }` where the site's could not be one (G34). */
export const storedAmount = () => z.union([z.number().check(z.int()), z.object({ notRead: z.number() })]);
