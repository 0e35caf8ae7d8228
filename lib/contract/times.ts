/**
 * The contract's times (Basics: "ISO 8601 date-time strings, except learnedAt (YYYY-MM-DD)"), with a zone, as
 * every time the service writes has one. Our own patterns: zod's z.iso builders cost the worker about 0.6 KB
 * gzip for the same check. A day past its month's end (02-30) passes, as Date.parse lets it.
 */
import * as z from 'zod/mini';

const DATE_TIME_PATTERN =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/;
const DAY_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** A date-time with its zone. */
export const dateTime = () => z.string().check(z.regex(DATE_TIME_PATTERN));
/** A day, YYYY-MM-DD (learnedAt). */
export const day = () => z.string().check(z.regex(DAY_PATTERN));

/** The name a time's pattern has in an issue ("expected datetime"), as zod's own formats are named. */
export function timeFormatName(pattern: string | undefined): string | undefined {
  if (pattern === String(DATE_TIME_PATTERN)) return 'datetime';
  if (pattern === String(DAY_PATTERN)) return 'date';
  return undefined;
}
