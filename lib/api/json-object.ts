/** A JSON object as an answer, a row or a message holds it: an object, not null and not an array. */
export function isJsonObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
