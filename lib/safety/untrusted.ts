// Helpers for untrusted text objects (UT): text written by members or by the site from members'
// contributions. It is data: the panel shows it as text nodes only, never as HTML or Markdown.

// Structural shape of a UT, so the panel does not need the zod schema module to use it.
export interface UntrustedTextValue {
  untrustedText: string;
  truncated: boolean;
}

// Bidirectional overrides, isolates and marks (U+061C too) can make a name ending in "exe.txt" read as
// ".txt" while it is an ".exe"; other control characters (except tab and newline) have no business in shown
// text. Invisible characters go too: zero width space, word joiner, the invisible operators (U+2060-U+2064,
// and the unassigned U+2065 among them) and the byte order mark hide or join text in names and file names
// ("run.ex\u200Be" would not read as an ".exe").
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const HIDDEN_CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F\u061C\u200B\u200E\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/g;

// Zero width non-joiner and joiner (U+200C, U+200D) carry meaning between letters of some scripts (Persian,
// Hindi and other Indic scripts write words with them) and between emoji (a family emoji is people joined
// by U+200D): removed there, the text reads the same but is spelled or drawn wrong. Next to an ASCII
// character, a space or the text's edge they mean nothing and only hide a break inside a Latin name or a
// file's extension, so they stay only between two visible characters outside ASCII.
const JOINERS = /[\u200C\u200D]/g;
// One UTF-16 unit on each side is enough: half of an emoji's surrogate pair is outside ASCII too.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the range names ASCII, control characters included.
const JOINS_HERE = /[^\u0000-\u007F\s\u200C\u200D]/;

function keepsJoiner(text: string, at: number): boolean {
  return JOINS_HERE.test(text.charAt(at - 1)) && JOINS_HERE.test(text.charAt(at + 1));
}

export function cleanForDisplay(text: string): string {
  const cleaned = text.replace(HIDDEN_CONTROLS, '');
  return cleaned.replace(JOINERS, (joiner, at: number) => (keepsJoiner(cleaned, at) ? joiner : ''));
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
