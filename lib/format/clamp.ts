/**
 * How much of a long untrusted text the panel shows before "Show more": a few lines, so one card cannot push
 * everything else out of a side panel. Counted in code points, like the contract's limits (G19).
 */
export const COLLAPSED_CHARS = 320;
const COLLAPSED_LINES = 5;
/** Names (agents, files, projects) are cut here in lists and headings; the whole name is in a tooltip. */
export const NAME_CHARS = 80;

function checkedText(text: string, fn: string): string {
  if (typeof text !== 'string') throw new TypeError(`${fn}: text must be a string`);
  return text;
}

/** The start of `text` shown collapsed, cut at a word boundary where one is near; null when it fits whole. */
export function collapsedText(text: string, maxChars = COLLAPSED_CHARS, maxLines = COLLAPSED_LINES): string | null {
  checkedText(text, 'collapsedText');
  const lines = text.split('\n');
  const points = Array.from(text);
  if (points.length <= maxChars && lines.length <= maxLines) return null;
  let head = lines.slice(0, maxLines).join('\n');
  const headPoints = Array.from(head);
  if (headPoints.length > maxChars) head = headPoints.slice(0, maxChars).join('');
  // Cut at the last space in the final fifth, so a word is not split when it need not be.
  const space = head.search(/\s\S*$/);
  if (space > head.length * 0.8) head = head.slice(0, space);
  return head.trimEnd();
}

/** `text` cut to `maxChars` code points with "…", or null when it fits. */
export function shortenedText(text: string, maxChars = NAME_CHARS): string | null {
  checkedText(text, 'shortenedText');
  if (!Number.isInteger(maxChars) || maxChars < 1)
    throw new RangeError('shortenedText: maxChars must be a positive integer');
  const points = Array.from(text);
  if (points.length <= maxChars) return null;
  return `${points
    .slice(0, maxChars - 1)
    .join('')
    .trimEnd()}…`;
}
