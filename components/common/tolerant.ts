import type { Tolerant } from '@/lib/api/schemas';

// The schemas keep an enum value they do not know as { unknown }; this reads it without importing the
// schema module (and zod) into the panel.
export function known<T extends string>(value: Tolerant<T> | null | undefined): T | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The raw value, known or not, for messages that name what arrived. */
export function rawValue(value: Tolerant<string> | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : value.unknown;
}
