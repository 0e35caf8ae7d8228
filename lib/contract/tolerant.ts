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

/**
 * A money amount or count the site sent that no amount or count can be (below zero, fractional, or past a
 * safe integer): "could not be read" where it stands, the rest of the answer still read (G34).
 */
export type NotRead = { readonly notRead: number };

/** A money amount (cents, micros) or a count as read: the number, or `{ notRead }` when it cannot be one. */
export type Amount = number | NotRead;

export function isNotRead(value: unknown): value is NotRead {
  return typeof value === 'object' && value !== null && 'notRead' in value;
}

/** The amount when it could be read; undefined when it could not (or is absent). */
export function readAmount(value: Amount | null | undefined): number | undefined {
  return value === null || value === undefined || isNotRead(value) ? undefined : value;
}

/** An amount as the contract can mean it: a whole number, zero or more, within the safe integers. */
export function isAmount(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 0;
}
