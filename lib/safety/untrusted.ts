// Helpers for untrusted text objects (UT): text written by members or by the site from members'
// contributions. It is data: the panel shows it as text nodes only, never as HTML or Markdown.

// Structural shape of a UT, so the panel does not need the zod schema module to use it.
export interface UntrustedTextValue {
  untrustedText: string;
  truncated: boolean;
}

// Bidirectional overrides and isolates can make a name ending in "exe.txt" read as ".txt" while it
// is an ".exe"; other control characters (except tab and newline) have no business in shown text.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const HIDDEN_CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

export function cleanForDisplay(text: string): string {
  return text.replace(HIDDEN_CONTROLS, '');
}

export function untrustedString(ut: UntrustedTextValue | null | undefined): string {
  if (!ut || typeof ut.untrustedText !== 'string') return '';
  return cleanForDisplay(ut.untrustedText);
}

export function isCut(ut: UntrustedTextValue | null | undefined): boolean {
  return ut?.truncated === true;
}

export function isBlank(ut: UntrustedTextValue | null | undefined): boolean {
  return untrustedString(ut).trim() === '';
}

// A plain string (one the panel produced itself, such as a cut selection) as a UT.
export function asUntrusted(text: string, truncated = false): UntrustedTextValue {
  return { untrustedText: text, truncated };
}
