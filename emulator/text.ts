import type { UntrustedText } from '@/lib/contract/conventions';
import { UNTRUSTED_TEXT_CUT_CHARS } from '@/lib/contract/limits';

/** "Less for a name": names are cut at 120 characters. */
const NAME_CUT = 120;

/** Wraps member-written text as an untrusted text object, cut by code points (G19). */
export function ut(text: string, max = UNTRUSTED_TEXT_CUT_CHARS): UntrustedText {
  const points = Array.from(text);
  if (points.length <= max) return { untrustedText: text, truncated: false };
  return { untrustedText: points.slice(0, max).join(''), truncated: true };
}

export function utName(text: string): UntrustedText {
  return ut(text, NAME_CUT);
}

export function utOrNull(text: string | null | undefined, max = UNTRUSTED_TEXT_CUT_CHARS): UntrustedText | null {
  return text === null || text === undefined ? null : ut(text, max);
}
