// Tolerant enum values (contract, Versioning): a value this client does not know is kept as `{ unknown }`
// instead of failing the answer. The types and their readers live here, free of zod, so the panel reads
// them without loading the schemas; lib/api/schemas.ts builds `tolerantEnum` on them and re-exports them.

/** An enum value this client does not know (a newer service may add values within v1). */
export type UnknownValue = { readonly unknown: string };

/** A known enum value, or an unknown one kept as `{ unknown }`. */
export type Tolerant<T extends string> = T | UnknownValue;

export function isUnknownValue(value: unknown): value is UnknownValue {
  return typeof value === 'object' && value !== null && 'unknown' in value;
}

/** The known value, or undefined when the value is unknown (or absent). */
export function knownValue<T extends string>(value: Tolerant<T> | null | undefined): T | undefined {
  return value === null || value === undefined || isUnknownValue(value) ? undefined : value;
}

/** The raw value, known or not, for messages that name what arrived. */
export function rawValue(value: Tolerant<string> | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : value.unknown;
}
