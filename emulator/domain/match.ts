/**
 * Offline word matching: the find, the fit verdict and sharing coverage compare words, no model runs
 * (contract, POST /find and fit). Deterministic, so tests can predict every verdict.
 */
import type { AgentRec } from '@/emulator/store';

const STOPWORDS = new Set(
  (
    'the and for with that this from have are was were will would should could can you your our their ' +
    'what which who how why when where about into onto over under than then them they there these those ' +
    "some any all not but also just like want need make made help please using use get got its it's " +
    'one two out off very more most much many each other such only own same too does did done doing ' +
    'been being had has his her him she our ours who whom yes may might must shall let lets'
  ).split(/\s+/),
);

/** Lower-case words of three or more letters or digits, plural s dropped, stopwords out. */
export function words(text: string): Set<string> {
  const out = new Set<string>();
  for (const raw of text
    .normalize('NFKD')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)) {
    if (raw.length < 3 || STOPWORDS.has(raw)) continue;
    out.add(raw.length > 4 && raw.endsWith('s') ? raw.slice(0, -1) : raw);
  }
  return out;
}

const vocabularyCache = new WeakMap<AgentRec, { source: string; words: Set<string> }>();

/** What an agent holds, as words: its name, what it knows, its keywords and its calls' names. */
function agentWords(agent: AgentRec): Set<string> {
  const source = [
    agent.name,
    agent.knows,
    agent.styleLine ?? '',
    ...agent.keywords,
    ...agent.calls.map((c) => c.name),
  ].join(' ');
  const cached = vocabularyCache.get(agent);
  if (cached && cached.source === source) return cached.words;
  const w = words(source);
  vocabularyCache.set(agent, { source, words: w });
  return w;
}

/** Share of the description's words the agent holds, in basis points (0 to 10000). */
export function matchBps(description: Set<string>, agent: AgentRec): number {
  if (description.size === 0) return 0;
  const vocabulary = agentWords(agent);
  let hits = 0;
  for (const w of description) if (vocabulary.has(w)) hits++;
  return Math.round((hits * 10000) / description.size);
}

type Verdict = 'fits' | 'unclear' | 'another_agent' | 'no_agent';

export interface FitJudgement {
  verdict: Verdict;
  other: AgentRec | null;
}

/**
 * The fit of a request to an agent. No words to judge: unclear. Any of its words held by the agent:
 * fits. Otherwise the best other agent holding some of them (another_agent), or none (no_agent).
 */
export function judgeFit(text: string, agent: AgentRec, listed: AgentRec[]): FitJudgement {
  const w = words(text);
  if (w.size === 0) return { verdict: 'unclear', other: null };
  if (matchBps(w, agent) > 0) return { verdict: 'fits', other: null };
  let best: AgentRec | null = null;
  let bestBps = 0;
  for (const other of listed) {
    if (other.id === agent.id) continue;
    const bps = matchBps(w, other);
    if (bps > bestBps || (bps === bestBps && bps > 0 && best !== null && other.countedCalls > best.countedCalls)) {
      best = other;
      bestBps = bps;
    }
  }
  return best ? { verdict: 'another_agent', other: best } : { verdict: 'no_agent', other: null };
}
