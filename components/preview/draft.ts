import { browser } from 'wxt/browser';
import type { UntrustedTextValue } from '@/lib/safety/untrusted';
import type { AgentCard } from '@/lib/contract/find';
import type { CallRow } from '@/lib/db/tables/calls';

/**
 * What the member is preparing: kept in storage.local so a closed and reopened panel, a refused start, an
 * update of the extension or a restart of the browser (both clear storage.session) never loses typed text.
 * Only extension pages read it; it goes nowhere else. Every panel opened on the same agent
 * starts from it, so two windows on the same preview start it as one intent (`intentId`).
 */
type CallKind = 'apply' | 'question';
export type FitChoice = 'ask_anyway' | 'new_agent' | null;

export interface CallDraft {
  agentId: string;
  agentName: UntrustedTextValue | null;
  callId: CallKind;
  details: string;
  question: string;
  /** "Spend at most" as typed, in dollars. */
  maxDollars: string;
  subject: FitChoice;
  /** "More options" (details, files, spend at most) as the member left it; absent: decided by what it holds. */
  moreOptions?: boolean;
  /** "Plan it in a session first" chosen (with the apply call's preview): opens a plan session, not a call. */
  session?: boolean;
  /** The session the call goes into (a follow-up, or a call started again there); absent: a new session. */
  sessionId?: string;
  /**
   * The call this draft becomes: sent as the call's localId, so a second "Start the call" on it (another
   * window's panel, a double click) finds the call already made instead of making another. A new one after
   * a refusal, so starting again is a new call.
   */
  intentId: string;
}

const KEY = 'panel:callDraft';

export function newIntentId(): string {
  return crypto.randomUUID();
}

function isDraft(value: unknown): value is CallDraft {
  if (typeof value !== 'object' || value === null) return false;
  const d = value as Record<string, unknown>;
  return (
    typeof d.agentId === 'string' &&
    (d.callId === 'apply' || d.callId === 'question') &&
    typeof d.details === 'string' &&
    typeof d.question === 'string' &&
    typeof d.maxDollars === 'string'
  );
}

/** A stored draft, or null; one kept before drafts had an intent gets one. */
function readDraft(value: unknown): CallDraft | null {
  if (!isDraft(value)) return null;
  const { intentId, moreOptions, session, sessionId, ...rest } = value as CallDraft & {
    intentId?: unknown;
    moreOptions?: unknown;
    session?: unknown;
    sessionId?: unknown;
  };
  return {
    ...rest,
    intentId: typeof intentId === 'string' && intentId.length > 0 ? intentId : newIntentId(),
    ...(typeof moreOptions === 'boolean' ? { moreOptions } : {}),
    ...(session === true && rest.callId === 'apply' ? { session } : {}),
    ...(typeof sessionId === 'string' && sessionId.length > 0 ? { sessionId } : {}),
  };
}

export async function loadDraft(): Promise<CallDraft | null> {
  try {
    const stored = await browser.storage.local.get(KEY);
    return readDraft(stored[KEY]);
  } catch {
    return null;
  }
}

export async function saveDraft(draft: CallDraft): Promise<void> {
  try {
    await browser.storage.local.set({ [KEY]: draft });
  } catch {
    // A draft that cannot be kept (a full disk) still lives in the open panel; nothing else depends on it.
  }
}

export async function clearDraft(): Promise<void> {
  try {
    await browser.storage.local.remove(KEY);
  } catch {
    // Same as above: a stale draft only pre-fills the form next time.
  }
}

/** An agent chosen in Find: a found card, or an agent called before (its name as the call had it, or none). */
export type ChosenAgent = Pick<AgentCard, 'agentId'> & { untrustedName: UntrustedTextValue | null };

/** A preview of this agent: the unfinished one for it if there is one (typed text kept, same intent). */
export function draftForCard(card: ChosenAgent, saved: CallDraft | null = null): CallDraft {
  if (saved && saved.agentId === card.agentId) {
    // An agent chosen from Find starts a new session: an unfinished follow-up keeps its text, not its session.
    if (saved.sessionId === undefined) return saved;
    const { sessionId: _session, ...rest } = saved;
    return { ...rest, intentId: newIntentId() };
  }
  return {
    agentId: card.agentId,
    agentName: card.untrustedName,
    callId: 'apply',
    details: '',
    question: '',
    maxDollars: '',
    subject: null,
    intentId: newIntentId(),
  };
}

/**
 * "Edit and start again": the call's request in the preview as a new intent (a new localId, so a new row and a
 * new Idempotency-Key; never the old call's). It goes into the session it was sent to, unless the site said that
 * session is closed; a request sent without one starts a new session again.
 */
export function draftFromCall(call: CallRow): CallDraft {
  const r = call.request;
  const sessionId = call.error?.code === 'session_closed' ? null : (r.sessionId ?? null);
  return {
    agentId: r.agentId,
    agentName: call.agentName,
    callId: r.callId === 'question' ? 'question' : 'apply',
    details: r.details ?? '',
    question: r.question ?? '',
    maxDollars: typeof r.maxCents === 'number' ? (r.maxCents / 100).toFixed(2) : '',
    subject: r.subject ?? null,
    intentId: newIntentId(),
    ...(sessionId ? { sessionId } : {}),
  };
}

/**
 * "Ask a follow-up": a question call to the same agent in the call's session, through the usual preview. The
 * session keeps the member's "Spend at most": the call followed up carried it, so the follow-up starts from it.
 */
export function followUpDraft(call: CallRow, sessionId: string, question: string): CallDraft {
  return {
    agentId: call.request.agentId,
    agentName: call.agentName,
    callId: 'question',
    details: '',
    question,
    maxDollars: typeof call.request.maxCents === 'number' ? (call.request.maxCents / 100).toFixed(2) : '',
    subject: null,
    intentId: newIntentId(),
    sessionId,
  };
}
