/**
 * What the pseudo-locale catches: with every message wrapped in ⟦…⟧, a letter shown outside the brackets is
 * a word of ours that does not come from the locale files (site text, untrusted fields, ids and Intl's own
 * output such as times are set apart and skipped).
 */
import { PSEUDO_CLOSE, PSEUDO_OPEN } from '@/testing/messages';

/** Elements whose text is not the extension's words: the site's strings, untrusted fields, ids, times. */
const NOT_OURS = [
  '.untrusted:not(.untrusted-empty)',
  '.safe-markdown',
  '.site-text',
  '.verbatim',
  '.document',
  'time',
  'code',
  'pre',
  '[translate="no"]',
].join(', ');

/** Attributes a member reads or hears. */
const READ_ATTRIBUTES = ['aria-label', 'title', 'placeholder', 'alt', 'aria-description', 'aria-roledescription'];

const LETTER = /\p{L}/u;

/** A size as Intl writes it alone ("2 kB", "512 bytes"): a number in the member's locale, not a word of ours. */
const INTL_SIZE = /^[\d\s.,\u00a0\u202f]+(?:byte|bytes|kB|MB|GB)$/;

/** The text of `text` outside ⟦…⟧ (nested brackets count: a message put into a message). */
export function outsideBrackets(text: string): string {
  let depth = 0;
  let out = '';
  for (const ch of text) {
    if (ch === PSEUDO_OPEN) depth += 1;
    else if (ch === PSEUDO_CLOSE) depth = Math.max(0, depth - 1);
    else if (depth === 0) out += ch;
  }
  return out;
}

/** Every piece of text in `root` with a letter outside the brackets: empty when all its words are messages. */
export function unbracketedText(root: Element): string[] {
  const problems: string[] = [];
  const copy = root.cloneNode(true) as Element;
  for (const el of copy.querySelectorAll(`${NOT_OURS}, script, style, [hidden]`)) el.remove();
  // A message may span several text nodes (a link or a name put into it): the depth carries over between them.
  let depth = 0;
  const walker = copy.ownerDocument.createTreeWalker(copy, 4 /* NodeFilter.SHOW_TEXT */);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    let out = '';
    for (const ch of node.textContent ?? '') {
      if (ch === PSEUDO_OPEN) depth += 1;
      else if (ch === PSEUDO_CLOSE) depth = Math.max(0, depth - 1);
      else if (depth === 0) out += ch;
    }
    if (LETTER.test(out) && !INTL_SIZE.test(out.trim())) problems.push(`text: ${JSON.stringify(out.trim())}`);
  }
  for (const el of root.querySelectorAll('*')) {
    if (el.closest(NOT_OURS)) continue;
    for (const attr of READ_ATTRIBUTES) {
      const value = el.getAttribute(attr);
      if (value && LETTER.test(outsideBrackets(value)))
        problems.push(`${attr} on <${el.tagName.toLowerCase()}>: ${JSON.stringify(value)}`);
    }
    if (el.tagName.toLowerCase() === 'title' && LETTER.test(outsideBrackets(el.textContent ?? ''))) {
      problems.push(`svg title: ${JSON.stringify(el.textContent)}`);
    }
  }
  return problems;
}
