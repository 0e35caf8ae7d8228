/**
 * Search in the history: the member's words against each cached call's agent name, question or details, and
 * the answer's note. A bounded scan, not an index: the newest SEARCH_WINDOW calls (of the agent, when one is
 * chosen) are read by the createdAt index in chunks and matched in JS, stopping once a page of matches is in.
 * So a search reads at most SEARCH_WINDOW rows whether 1,000 or 100,000 calls are cached (flat), the member's
 * words match anywhere in a word (as typed: "LIK" finds "LIKE"), and nothing has to be written beside each
 * call by the background nor migrated. Older calls are searched a window more when the member asks.
 */
import type { AppDb } from '@/lib/db/db';
import type { CallRow } from '@/lib/db/tables/calls';
import { cleanForDisplay, untrustedString } from '@/lib/safety/untrusted';
import { type CallHistoryStatus, callMatches, type HistoryFilter } from './filter';
import { SEARCH_WINDOW } from './search-pace';

/** Rows read per request of the scan: small enough that a search that finds its page early stops early. */
const CHUNK = 200;
/** Words past this many are ignored: each is one more pass over every text of the window. */
const MAX_TERMS = 8;

/** The member's words: split on spaces, at most MAX_TERMS, none repeated. Empty: no search. */
export function searchTerms(query: string): string[] {
  const words = query.trim().split(/\s+/u).filter(Boolean);
  return [...new Set(words.map((w) => w.toLowerCase()))].slice(0, MAX_TERMS);
}

const escaped = (term: string) => term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * One pattern that finds any of the words, case-insensitively, in the text as it is shown (no lower-cased
 * copy, so the positions found are the shown text's own). Longer words first: "index" is marked whole, not as
 * "in" + "dex".
 */
export function termsPattern(terms: readonly string[]): RegExp | null {
  if (terms.length === 0) return null;
  const sorted = [...terms].sort((a, b) => b.length - a.length);
  return new RegExp(sorted.map(escaped).join('|'), 'giu');
}

/** The texts of a call a search looks in, as the row shows them. */
export interface CallTexts {
  agent: string;
  question: string;
  details: string;
  answer: string;
}

export function callTexts(call: CallRow): CallTexts {
  return {
    agent: untrustedString(call.agentName) || call.request.agentId,
    question: cleanForDisplay(call.request.question ?? ''),
    details: cleanForDisplay(call.request.details ?? ''),
    answer: untrustedString(call.result?.note),
  };
}

/** Every word (lower-cased, as searchTerms gives them) is somewhere in the call's texts, each in any one. */
function callHasTerms(call: CallRow, terms: readonly string[]): boolean {
  const texts = callTexts(call);
  const haystack = `${texts.agent}\n${texts.question}\n${texts.details}\n${texts.answer}`.toLowerCase();
  return terms.every((term) => haystack.includes(term));
}

/** A part of a shown text: marked when it is one of the member's words. */
export interface TextPart {
  text: string;
  marked: boolean;
}

/** The text cut into plain and marked parts, in order; their texts joined are the text. */
export function markedParts(text: string, pattern: RegExp | null): TextPart[] {
  if (!pattern || text === '') return [{ text, marked: false }];
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(pattern)) {
    const start = match.index ?? 0;
    if (match[0] === '') continue;
    if (start > at) parts.push({ text: text.slice(at, start), marked: false });
    parts.push({ text: match[0], marked: true });
    at = start + match[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), marked: false });
  return parts.length > 0 ? parts : [{ text, marked: false }];
}

export type SnippetField = 'question' | 'details' | 'answer';

/** Where a row shows the member's words beyond the agent's name, and around them. */
export interface Snippet {
  field: SnippetField;
  text: string;
  /** Text was left off before / after the part shown. */
  before: boolean;
  after: boolean;
}

/** Characters of a snippet shown before the first word found, and in all. */
const SNIPPET_LEAD = 40;
const SNIPPET_CHARS = 160;

/** The first of question, details and answer that holds a word, cut around the first word found; else null. */
export function callSnippet(texts: CallTexts, pattern: RegExp | null): Snippet | null {
  if (!pattern) return null;
  for (const field of ['question', 'details', 'answer'] as const) {
    const text = texts[field];
    pattern.lastIndex = 0;
    const found = pattern.exec(text);
    pattern.lastIndex = 0;
    if (!found || found[0] === '') continue;
    // Whole lines read better than a text that jumps across them: line breaks are shown as spaces.
    const flat = text.replace(/\s+/gu, ' ');
    const index = text.slice(0, found.index).replace(/\s+/gu, ' ').length;
    const start = Math.max(0, index - SNIPPET_LEAD);
    const end = Math.min(flat.length, start + SNIPPET_CHARS);
    return { field, text: flat.slice(start, end), before: start > 0, after: end < flat.length };
  }
  return null;
}

export interface SearchPage {
  rows: CallRow[];
  /** More matches than `limit` in the calls read. */
  more: boolean;
  /** Calls read. */
  scanned: number;
  /** Older calls (of the agent, when one is chosen) than the ones read are cached: "Search older calls". */
  older: boolean;
}

/**
 * Calls that hold every word, newest first, from the newest `reach` calls (of the agent, when one is
 * chosen), with the status filter; at most `limit` of them (and whether more match among those). Reads at
 * most `reach` rows plus the few that share a boundary's time.
 */
export async function searchCalls(
  d: AppDb,
  filter: HistoryFilter<CallHistoryStatus>,
  query: string,
  limit: number,
  reach = SEARCH_WINDOW,
): Promise<SearchPage> {
  const terms = searchTerms(query);
  const matches: CallRow[] = [];
  let scanned = 0;
  let before: string | null = null;
  const agentId = filter.agentId;
  // One chunk older than `before`, newest first, by the createdAt index or the agent-and-time index: an
  // unfiltered read, so Dexie reads it in one request where the browser can.
  const chunk = (count: number): Promise<CallRow[]> => {
    if (agentId === null) {
      const range = before === null ? d.calls.orderBy('createdAt') : d.calls.where('createdAt').below(before);
      return range.reverse().limit(count).toArray();
    }
    return d.calls
      .where('[request.agentId+createdAt]')
      .between([agentId, ''], [agentId, before ?? '\uffff'], true, before === null)
      .reverse()
      .limit(count)
      .toArray();
  };
  const done = (older: boolean): SearchPage => ({
    rows: matches.slice(0, limit),
    more: matches.length > limit,
    scanned,
    older,
  });
  // Rows that share the last row's time may lie past the chunk's end: read them by that time (usually the
  // one row), so the next chunk can start strictly older.
  const sameTime = (createdAt: string): Promise<CallRow[]> =>
    agentId === null
      ? d.calls.where('createdAt').equals(createdAt).toArray()
      : d.calls.where('[request.agentId+createdAt]').equals([agentId, createdAt]).toArray();

  while (scanned < reach && matches.length <= limit) {
    const want = Math.min(CHUNK, reach - scanned);
    const read = await chunk(want);
    const last = read[read.length - 1];
    if (!last) return done(false);
    const seen = new Set(read.map((c) => c.localId));
    const tied = (await sameTime(last.createdAt)).filter((c) => !seen.has(c.localId));
    scanned += read.length + tied.length;
    before = last.createdAt;
    for (const call of tied.length > 0 ? [...read, ...tied] : read) {
      if (!callMatches(call, filter)) continue;
      if (terms.length > 0 && !callHasTerms(call, terms)) continue;
      matches.push(call);
    }
    // A short chunk is the index's end: nothing older is cached.
    if (read.length < want) return done(false);
  }
  // Stopped with a page of matches or at the window: whether older calls remain is one key read.
  return done(
    before !== null &&
      (agentId === null
        ? (await d.calls.where('createdAt').below(before).limit(1).primaryKeys()).length > 0
        : (
            await d.calls
              .where('[request.agentId+createdAt]')
              .between([agentId, ''], [agentId, before], true, false)
              .limit(1)
              .primaryKeys()
          ).length > 0),
  );
}
