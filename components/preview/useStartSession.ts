import { useState } from 'preact/hooks';
import type { CallRequest } from '@/lib/contract/calls';
import type { UntrustedText } from '@/lib/contract/conventions';
import { getCall } from '@/lib/db/queries';
import type { MemberError } from '@/lib/db/member-error';
import { useActions } from '@/components/common/actions';
import { useOffers } from '@/components/common/useOffers';
import { useCallIntent } from '@/components/common/useCallIntent';
import { loadDb } from '@/lib/db/lazy';

interface SessionStart {
  agentId: string;
  agentName: UntrustedText | null;
  /** The details typed in the preview: the session reads them and asks its questions. */
  details: string;
  /** The preview's "spend at most", for a session opened by its first call. */
  maxCents: number | null;
}

export interface StartSession {
  /**
   * The site opens sessions only with their first call (POST /sessions not offered, or it just failed): that
   * call is charged like any other, so the member starts it from the by-call confirmation.
   */
  byCall: boolean;
  /** POST /sessions failed at the member's click just now: the view turned into the by-call confirmation. */
  turnedByCall: boolean;
  opening: boolean;
  error: MemberError | null;
  /** Opens a plan session: answers the session's id, or the call's localId when its first call did not start at once. */
  open: (start: SessionStart) => Promise<{ sessionId: string } | { localId: string } | null>;
}

/**
 * Opening a plan session from the preview: POST /sessions, which reads the request and asks the plan's
 * questions before any call and charges nothing. A site without POST /sessions (named by the contract without
 * a shape), or whose POST /sessions fails (G33: the background answers `byFirstCall`), opens a session with its
 * first call (POST /calls without sessionId, shaped): an apply call with the details, charged for what it
 * uses, through the outbox like any other. That call is never started by the click that asked for the free
 * opening: the view turns into the by-call confirmation, and the member's next click starts it.
 */
export function useStartSession(): StartSession {
  const actions = useActions();
  const offers = useOffers();
  const [opening, setOpening] = useState(false);
  const [error, setError] = useState<MemberError | null>(null);
  const [turnedByCall, setTurnedByCall] = useState(false);
  // The first call's intent: after a start that got no answer, the next click is that same call.
  const intent = useCallIntent();
  const byCall = turnedByCall || offers.createSession === 'not_offered';

  const byOpening = async (s: SessionStart) => {
    const result = await actions.send(
      'createSession',
      s.details.trim() ? { agentId: s.agentId, way: 'plan', details: s.details } : { agentId: s.agentId, way: 'plan' },
    );
    if (!result.ok) {
      setError(result.error);
      return null;
    }
    if ('byFirstCall' in result.value) {
      setTurnedByCall(true);
      return null;
    }
    return { sessionId: result.value.sessionId };
  };

  const byFirstCall = async (s: SessionStart) => {
    const request: CallRequest = { agentId: s.agentId, callId: 'apply' };
    if (s.details.trim()) request.details = s.details;
    if (s.maxCents !== null) request.maxCents = s.maxCents;
    const result = await actions.send('startCall', {
      localId: intent.id(),
      request,
      agentName: s.agentName,
      callName: null,
    });
    intent.settle(result);
    if (!result.ok) {
      setError(result.error);
      return null;
    }
    const { db } = await loadDb();
    const row = await getCall(db, result.value.localId);
    return result.value.state === 'started' && row?.sessionId
      ? { sessionId: row.sessionId }
      : { localId: result.value.localId };
  };

  const open: StartSession['open'] = async (s) => {
    setError(null);
    setOpening(true);
    const opened = await (byCall ? byFirstCall(s) : byOpening(s));
    setOpening(false);
    return opened;
  };

  return { byCall, turnedByCall, opening, error, open };
}
