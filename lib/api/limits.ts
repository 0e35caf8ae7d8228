/**
 * Local checks before a request is sent: the contract's limits (via the request schemas, so the emulator
 * refuses the same bodies), the body size (G7), the secret guard, and the connect code's format (G6).
 * Each check throws a LocalRefusal with a clear message; nothing is sent.
 */
import * as z from 'zod/mini';
import { describeSecrets, findSecrets } from '@/lib/words/secrets';
import { MAX_BODY_BYTES } from './body-limits';
import { LocalRefusal } from './errors';
import { issuePath as pathName } from './issues';
import { charCount } from '@/lib/format/chars';
import { formatCount } from '@/lib/format/count';
import { formatBytes } from '@/lib/format/size';
import { t, tnNamed } from '@/lib/i18n';

/** A string's length as the limits count it (code points, G19), written the member's way. */
function lengthWords(input: unknown): string {
  return typeof input === 'string' ? formatCount(charCount(input)) : '?';
}

/** One problem with a request in the member's words; field names are the contract's tokens. */
function issueWords(issue: z.core.$ZodIssue): string {
  const field = pathName(issue.path) || t('local.theRequest');
  if (issue.path[0] === 'keepFindings') return t('local.keepFindings');
  switch (issue.code) {
    case 'too_big':
      if (issue.origin === 'array') return t('local.atMostItems', { field, max: String(issue.maximum) });
      if (issue.origin === 'string') {
        return tnNamed('local.atMostChars', Number(issue.maximum), { field, count: lengthWords(issue.input) });
      }
      return t('local.atMost', { field, max: String(issue.maximum) });
    case 'too_small':
      if (issue.origin === 'array') return t('local.atLeastItems', { field, min: String(issue.minimum) });
      if (issue.origin === 'string') {
        return tnNamed('local.atLeastChars', Number(issue.minimum), { field, count: lengthWords(issue.input) });
      }
      return t('local.atLeast', { field, min: String(issue.minimum) });
    case 'invalid_type':
      if (issue.input === undefined) return t('local.missing', { field });
      if (issue.expected === 'int') return t('local.wholeNumber', { field });
      return t('local.ofType', { field, type: issue.expected });
    default:
      return t('local.notValid', { field });
  }
}

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
  const words = issues.map(issueWords);
  throw new LocalRefusal('invalid_input', t('local.invalid', { problems: [...new Set(words)].join('; ') }), { fields });
}

const encoder = new TextEncoder();

/** UTF-8 bytes of the JSON text (G7). */
export function jsonBytes(body: unknown): number {
  return encoder.encode(JSON.stringify(body)).byteLength;
}

export function checkBodySize(body: unknown, maxBytes: number = MAX_BODY_BYTES): void {
  const bytes = jsonBytes(body);
  if (bytes > maxBytes) {
    throw new LocalRefusal('too_large', t('local.tooLarge', { size: formatBytes(bytes), max: formatBytes(maxBytes) }));
  }
}

/**
 * Refuses texts that look like they hold a key, password or token. `texts` maps a field name to its text.
 * The message names what was found and where, never the secret.
 */
export function checkNoSecrets(texts: Record<string, string | null | undefined>): void {
  const fields: string[] = [];
  const found = new Map<string, string>();
  for (const [field, text] of Object.entries(texts)) {
    if (!text) continue;
    const findings = findSecrets(text);
    if (findings.length === 0) continue;
    fields.push(field);
    for (const f of findings) found.set(f.kind, f.label);
  }
  if (fields.length === 0) return;
  const what = describeSecrets([...found.values()].map((label) => ({ label })));
  throw new LocalRefusal('secret_found', t('local.secrets', { fields: fields.join(', '), what }), {
    fields,
    found: [...found.values()],
  });
}

/**
 * Connect code (G6): spaces and dashes removed, upper-cased; must then be three letters and eight letters
 * or digits. Returns the code in the contract's written form, ABC-DEFG-HJKL.
 */
export function normaliseConnectCode(input: string): string {
  const compact = input.replace(/[\s\-‐‑‒–—−]/g, '').toUpperCase();
  if (!/^[A-Z]{3}[A-Z0-9]{8}$/.test(compact)) {
    throw new LocalRefusal('code_format', t('local.codeFormat'), { fields: ['code'] });
  }
  return `${compact.slice(0, 3)}-${compact.slice(3, 7)}-${compact.slice(7)}`;
}
