// A small Markdown reader for the plan (untrusted Markdown, G14). It turns text into a tree of the few
// things the panel shows: headings, paragraphs, lists, code, emphasis, and links kept as text with
// their address. There is no HTML in the tree: raw HTML stays the characters it is, and the view
// builds elements from the tree itself, so nothing in the plan can become markup or a live link.
// It is deliberately not CommonMark: where it guesses wrong the text still shows, which is safe.

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'code'; text: string }
  | { type: 'em'; children: Inline[] }
  | { type: 'strong'; children: Inline[] }
  | { type: 'link'; children: Inline[]; url: string; image: boolean };

interface ListItem {
  children: Inline[];
  lists: ListBlock[];
}

export interface ListBlock {
  type: 'list';
  ordered: boolean;
  start: number;
  items: ListItem[];
}

export type Block =
  | { type: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; children: Inline[] }
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'code'; text: string }
  | ListBlock;

// Nesting beyond this reads the rest as text: a hostile plan cannot make the view recurse deeply.
const MAX_INLINE_DEPTH = 6;
const MAX_LIST_DEPTH = 6;

// ---------------------------------------------------------------------------------------------------
// Blocks
// ---------------------------------------------------------------------------------------------------

const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*))?$/;
const LIST_ITEM = /^( *)([-*+]|\d{1,9}[.)])[ \t]+(.*)$/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;

function isBlank(line: string): boolean {
  return line.trim() === '';
}

function listItemOf(line: string): { indent: number; ordered: boolean; start: number; text: string } | null {
  if (RULE.test(line)) return null;
  const m = LIST_ITEM.exec(line);
  if (!m) return null;
  const marker = m[2] ?? '-';
  const ordered = /\d/.test(marker);
  return { indent: (m[1] ?? '').length, ordered, start: ordered ? Number.parseInt(marker, 10) : 1, text: m[3] ?? '' };
}

function startsBlock(line: string): boolean {
  return FENCE.test(line) || HEADING.test(line) || listItemOf(line) !== null;
}

export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (isBlank(line)) {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const mark = fence[1] ?? '```';
      const body: string[] = [];
      i++;
      while (i < lines.length) {
        const l = lines[i] ?? '';
        const close = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(l);
        if (close && (close[1] ?? '')[0] === mark[0] && (close[1] ?? '').length >= mark.length) {
          i++;
          break;
        }
        body.push(l);
        i++;
      }
      blocks.push({ type: 'code', text: body.join('\n') });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const level = (heading[1] ?? '#').length as 1 | 2 | 3 | 4 | 5 | 6;
      blocks.push({ type: 'heading', level, children: parseInline(headingText(heading[2] ?? '')) });
      i++;
      continue;
    }
    if (listItemOf(line)) {
      const [list, next] = readList(lines, i);
      blocks.push(...list);
      i = next;
      continue;
    }
    const para: string[] = [line.trim()];
    i++;
    while (i < lines.length && !isBlank(lines[i] ?? '') && !startsBlock(lines[i] ?? '')) {
      para.push((lines[i] ?? '').trim());
      i++;
    }
    blocks.push({ type: 'paragraph', children: parseInline(para.join('\n')) });
  }
  return blocks;
}

// Drops a closing run of # (as in "## Title ##"); done by hand, as a regex for it backtracks badly on
// long lines of spaces.
function headingText(text: string): string {
  const t = text.trimEnd();
  let k = t.length;
  while (k > 0 && t[k - 1] === '#') k--;
  if (k < t.length && (k === 0 || t[k - 1] === ' ' || t[k - 1] === '\t')) return t.slice(0, k).trimEnd();
  return t;
}

interface RawItem {
  indent: number;
  ordered: boolean;
  start: number;
  lines: string[];
}

// Collects the list's items with their continuation lines; a blank line ends the list unless the next
// line is another item or an indented continuation.
function readList(lines: string[], from: number): [ListBlock[], number] {
  const items: RawItem[] = [];
  let i = from;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    const item = listItemOf(line);
    if (item) {
      items.push({ indent: item.indent, ordered: item.ordered, start: item.start, lines: [item.text] });
      i++;
      continue;
    }
    if (isBlank(line)) {
      const next = lines[i + 1] ?? '';
      if (i + 1 < lines.length && (listItemOf(next) || /^ {2,}\S/.test(next))) {
        i++;
        continue;
      }
      break;
    }
    const last = items[items.length - 1];
    if (!last || FENCE.test(line) || HEADING.test(line)) break;
    last.lines.push(line.trim());
    i++;
  }
  return [buildLists(items, 0), i];
}

// Items indented past the previous item's marker nest under it.
function buildLists(items: RawItem[], depth: number): ListBlock[] {
  const lists: ListBlock[] = [];
  let i = 0;
  while (i < items.length) {
    const first = items[i];
    if (!first) break;
    const list: ListBlock = { type: 'list', ordered: first.ordered, start: first.start, items: [] };
    const base = first.indent;
    while (i < items.length) {
      const item = items[i];
      if (!item || item.indent > base + 1 || item.ordered !== list.ordered) break;
      const children: RawItem[] = [];
      i++;
      while (i < items.length && (items[i]?.indent ?? 0) > base + 1) {
        children.push(items[i] as RawItem);
        i++;
      }
      const nested =
        depth + 1 < MAX_LIST_DEPTH ? buildLists(children, depth + 1) : children.length > 0 ? [flatList(children)] : [];
      list.items.push({ children: parseInline(item.lines.join('\n')), lists: nested });
    }
    lists.push(list);
  }
  return lists;
}

function flatList(items: RawItem[]): ListBlock {
  return {
    type: 'list',
    ordered: false,
    start: 1,
    items: items.map((it) => ({ children: parseInline(it.lines.join('\n')), lists: [] })),
  };
}

// ---------------------------------------------------------------------------------------------------
// Inline
// ---------------------------------------------------------------------------------------------------

const ESCAPABLE = /[\\`*_{}[\]()#+\-.!<>|~"']/;
// Sticky: matched at a position of the whole text, without copying it.
const BARE_URL = /https?:\/\/[^\s<>"'`()[\]{}]+/iy;
const AUTOLINK = /<([a-zA-Z][a-zA-Z0-9+.-]{1,31}:[^\s<>]*)>/y;
const TRAILING_PUNCTUATION = /[.,;:!?]+$/;

function isSpace(ch: string | undefined): boolean {
  return ch === undefined || /\s/.test(ch);
}

function isWordChar(ch: string | undefined): boolean {
  return ch !== undefined && /[\p{L}\p{N}]/u.test(ch);
}

/**
 * Remembers, per delimiter, the earliest position from which a search for a closer found none before
 * the end: a later search from further on cannot find one either, so a text full of unmatched openers
 * stays linear instead of quadratic.
 */
class CloserCache {
  private readonly failedFrom = new Map<string, number>();
  failed(key: string, from: number): boolean {
    const at = this.failedFrom.get(key);
    return at !== undefined && from >= at;
  }
  fail(key: string, from: number): void {
    const at = this.failedFrom.get(key);
    if (at === undefined || from < at) this.failedFrom.set(key, from);
  }
}

export function parseInline(text: string): Inline[] {
  return parseRange(text, 0, text.length, 0, new CloserCache());
}

function pushText(out: Inline[], text: string): void {
  if (text === '') return;
  const last = out[out.length - 1];
  if (last?.type === 'text') last.text += text;
  else out.push({ type: 'text', text });
}

function parseRange(s: string, start: number, end: number, depth: number, cache: CloserCache): Inline[] {
  const out: Inline[] = [];
  let i = start;
  let plainFrom = start;
  const flush = (to: number) => {
    pushText(out, s.slice(plainFrom, to));
  };
  while (i < end) {
    const ch = s[i];
    if (ch === '\\' && i + 1 < end && ESCAPABLE.test(s[i + 1] ?? '')) {
      flush(i);
      pushText(out, s[i + 1] ?? '');
      i += 2;
      plainFrom = i;
      continue;
    }
    if (ch === '`') {
      const span = codeSpan(s, i, end, cache);
      if (span) {
        flush(i);
        out.push({ type: 'code', text: span.text });
        i = span.next;
        plainFrom = i;
        continue;
      }
      // An unmatched run of backticks is text as a whole.
      let j = i;
      while (j < end && s[j] === '`') j++;
      i = j;
      continue;
    }
    if (depth < MAX_INLINE_DEPTH && (ch === '[' || (ch === '!' && s[i + 1] === '['))) {
      const link = linkAt(s, i, end, depth, cache);
      if (link) {
        flush(i);
        out.push(link.node);
        i = link.next;
        plainFrom = i;
        continue;
      }
    }
    if (ch === '<') {
      AUTOLINK.lastIndex = i;
      const m = AUTOLINK.exec(s);
      if (m && i + m[0].length <= end) {
        flush(i);
        const url = m[1] ?? '';
        out.push({ type: 'link', children: [{ type: 'text', text: url }], url, image: false });
        i += m[0].length;
        plainFrom = i;
        continue;
      }
    }
    if ((ch === 'h' || ch === 'H') && !isWordChar(s[i - 1])) {
      BARE_URL.lastIndex = i;
      const m = BARE_URL.exec(s);
      if (m) {
        const url = m[0].slice(0, end - i).replace(TRAILING_PUNCTUATION, '');
        if (/^https?:\/\/./i.test(url)) {
          flush(i);
          out.push({ type: 'link', children: [{ type: 'text', text: url }], url, image: false });
          i += url.length;
          plainFrom = i;
          continue;
        }
      }
    }
    if (depth < MAX_INLINE_DEPTH && (ch === '*' || ch === '_')) {
      const emph = emphasisAt(s, i, end, depth, cache);
      if (emph) {
        flush(i);
        out.push(emph.node);
        i = emph.next;
        plainFrom = i;
        continue;
      }
      // A run of delimiters that opens nothing is text as a whole.
      let j = i;
      while (j < end && s[j] === ch) j++;
      i = j;
      continue;
    }
    i++;
  }
  flush(end);
  return out;
}

function codeSpan(s: string, at: number, end: number, cache: CloserCache): { text: string; next: number } | null {
  let n = 0;
  while (at + n < end && s[at + n] === '`') n++;
  const key = `code${n}:${end}`;
  const from = at + n;
  if (cache.failed(key, from)) return null;
  let j = from;
  while (j < end) {
    const k = s.indexOf('`', j);
    if (k < 0 || k >= end) break;
    let m = 0;
    while (k + m < end && s[k + m] === '`') m++;
    if (m === n) {
      let text = s.slice(from, k).replace(/\n/g, ' ');
      if (text.length > 2 && text.startsWith(' ') && text.endsWith(' ') && text.trim() !== '') text = text.slice(1, -1);
      return { text, next: k + m };
    }
    j = k + m;
  }
  cache.fail(key, from);
  return null;
}

function linkAt(
  s: string,
  at: number,
  end: number,
  depth: number,
  cache: CloserCache,
): { node: Inline; next: number } | null {
  const image = s[at] === '!';
  const open = image ? at + 1 : at;
  // Link text holds no brackets of its own: the first ] closes it.
  const key = `]:${end}`;
  if (cache.failed(key, open + 1)) return null;
  let close = -1;
  for (let j = open + 1; j < end; j++) {
    const c = s[j];
    if (c === '\\') {
      j++;
      continue;
    }
    if (c === '[') return null;
    if (c === ']') {
      close = j;
      break;
    }
  }
  if (close < 0) {
    cache.fail(key, open + 1);
    return null;
  }
  if (s[close + 1] !== '(') return null;
  const dest = destinationAt(s, close + 2, end);
  if (!dest) return null;
  const children = parseRange(s, open + 1, close, depth + 1, cache);
  return { node: { type: 'link', children, url: dest.url, image }, next: dest.next };
}

// (url) or (<url>) or (url "title"); the title is dropped. Spaces end a bare address.
function destinationAt(s: string, from: number, end: number): { url: string; next: number } | null {
  let j = from;
  while (j < end && (s[j] === ' ' || s[j] === '\t')) j++;
  let url: string;
  if (s[j] === '<') {
    const k = s.indexOf('>', j + 1);
    if (k < 0 || k >= end) return null;
    url = s.slice(j + 1, k);
    if (/[\n<]/.test(url)) return null;
    j = k + 1;
  } else {
    let k = j;
    let parens = 0;
    while (k < end) {
      const c = s[k];
      if (c === undefined || /\s/.test(c)) break;
      if (c === '(') parens++;
      if (c === ')') {
        if (parens === 0) break;
        parens--;
      }
      k++;
    }
    url = s.slice(j, k);
    j = k;
  }
  while (j < end && (s[j] === ' ' || s[j] === '\t')) j++;
  const q = s[j];
  if (q === '"' || q === "'") {
    const k = s.indexOf(q, j + 1);
    if (k < 0 || k >= end) return null;
    j = k + 1;
    while (j < end && (s[j] === ' ' || s[j] === '\t')) j++;
  }
  if (s[j] !== ')') return null;
  return { url, next: j + 1 };
}

function emphasisAt(
  s: string,
  at: number,
  end: number,
  depth: number,
  cache: CloserCache,
): { node: Inline; next: number } | null {
  const ch = s[at] as '*' | '_';
  // Inside a word, _ is a letter (snake_case), not emphasis.
  if (ch === '_' && isWordChar(s[at - 1])) return null;
  if (s[at + 1] === ch && !isSpace(s[at + 2]) && s[at + 2] !== ch) {
    const strong = findCloser(s, at + 2, end, ch, 2, cache);
    if (strong >= 0) {
      return {
        node: { type: 'strong', children: parseRange(s, at + 2, strong, depth + 1, cache) },
        next: strong + 2,
      };
    }
  }
  if (isSpace(s[at + 1]) || s[at + 1] === ch) return null;
  const em = findCloser(s, at + 1, end, ch, 1, cache);
  if (em < 0) return null;
  return { node: { type: 'em', children: parseRange(s, at + 1, em, depth + 1, cache) }, next: em + 1 };
}

// A closer follows a non-space, is exactly `size` delimiters long, and for _ is not followed by a letter.
function findCloser(s: string, from: number, end: number, ch: string, size: number, cache: CloserCache): number {
  const key = `${ch}${size}:${end}`;
  if (cache.failed(key, from)) return -1;
  let j = from + 1;
  while (j < end) {
    const k = s.indexOf(ch, j);
    if (k < 0 || k >= end) break;
    let m = 0;
    while (k + m < end && s[k + m] === ch) m++;
    const fits = m === size && !isSpace(s[k - 1]) && !(ch === '_' && isWordChar(s[k + m]));
    if (fits) return k;
    j = k + m;
  }
  cache.fail(key, from);
  return -1;
}
