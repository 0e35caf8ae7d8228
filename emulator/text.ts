import type { UntrustedText } from '@/lib/contract/conventions';

/** Untrusted text is cut at 2000 characters (contract, Conventions). */
const TEXT_CUT = 2000;
/** "Less for a name": names are cut at 120 characters. */
const NAME_CUT = 120;
/** The plan's Markdown is cut at 20000 characters (G14). */
export const PLAN_CUT = 20000;

/** Wraps member-written text as an untrusted text object, cut by code points (G19). */
export function ut(text: string, max = TEXT_CUT): UntrustedText {
  const points = Array.from(text);
  if (points.length <= max) return { untrustedText: text, truncated: false };
  return { untrustedText: points.slice(0, max).join(''), truncated: true };
}

export function utName(text: string): UntrustedText {
  return ut(text, NAME_CUT);
}

export function utOrNull(text: string | null | undefined, max = TEXT_CUT): UntrustedText | null {
  return text === null || text === undefined ? null : ut(text, max);
}
