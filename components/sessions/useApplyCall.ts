import { useRef, useState } from 'preact/hooks';
import type { Session } from '@/lib/contract/sessions';
import type { AnswerInput, CallRequest } from '@/lib/contract/calls';
import type { MemberError } from '@/lib/db/member-error';
import { draftsToSend } from '@/lib/sessions/answer-draft';
import { type ApplyRefusal, decideApplyCall } from '@/lib/sessions/apply-call';
import { useActions } from '@/components/common/actions';
import { useCallIntent } from '@/components/common/useCallIntent';
import type { AnswerDrafts } from './drafts';

export interface ApplyCall {
  /** From the click until the background answered: a second click does nothing. */
  busy: boolean;
  /** Why the panel did not send it (decided here, before anything was sent). */
  refusal: ApplyRefusal | null;
  /** Why the latest start did not go, as the background answered. */
  error: MemberError | null;
  /** Sends the apply call with the member's drafted answers; true when the call is stored and not refused. */
  send: (details: string, maxCents: number | null) => Promise<boolean>;
  /** The latest call this view stored (its localId), null before one. */
  started: string | null;
}

/** The apply call's request in a session: what the preview reads and the start sends, built one way. */
export function applyRequest(
  session: Pick<Session, 'agentId' | 'sessionId'>,
  details: string,
  answers: Readonly<Record<string, AnswerInput>>,
  maxCents: number | null,
): CallRequest {
  const request: CallRequest = { agentId: session.agentId, callId: 'apply', sessionId: session.sessionId };
  if (details.trim()) request.details = details;
  if (Object.keys(answers).length > 0) request.answers = { ...answers };
  if (maxCents !== null) request.maxCents = maxCents;
  return request;
}

/**
 * The apply call from a session's view. One intent id (the call's localId) is kept until a definite answer:
 * after a failure that says nothing of what the background did (it may have stored and sent the call), the
 * next click goes again as the same intent, so the background finds that call instead of making a second.
 */
export function useApplyCall(session: Session, drafts: AnswerDrafts): ApplyCall {
  const actions = useActions();
  const [refusal, setRefusal] = useState<ApplyRefusal | null>(null);
  const [error, setError] = useState<MemberError | null>(null);
  const [busy, setBusy] = useState(false);
  const [started, setStarted] = useState<string | null>(null);
  // Set on the click itself, before any await: state alone would let a second click in before the render.
  const inFlight = useRef(false);
  const intent = useCallIntent();

  const send = async (details: string, maxCents: number | null): Promise<boolean> => {
    if (inFlight.current) return false;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    try {
      await drafts.flush();
      const shown = session.questions?.shown ?? [];
      const { answers } = draftsToSend(shown, drafts.drafts);
      const decision = decideApplyCall(session, { details, answers });
      if (!decision.send) {
        setRefusal(decision);
        return false;
      }
      setRefusal(null);
      const request = applyRequest(session, details, decision.answers, maxCents);
      const result = await actions.send('startCall', {
        localId: intent.id(),
        request,
        agentName: session.untrustedAgentName,
        callName: null,
      });
      // An answered refusal stored nothing, and a stored call is done with: the next click is a new call.
      // No answer keeps the intent.
      intent.settle(result);
      if (!result.ok) {
        setError(result.error);
        return false;
      }
      setStarted(result.value.localId);
      return result.value.state !== 'refused';
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  return { busy, refusal, error, send, started };
}
