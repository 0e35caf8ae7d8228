import { useState } from 'preact/hooks';
import type { UntrustedText, CallRequest } from '@/lib/api/request-schemas';
import { getCall } from '@/lib/db/queries';
import type { MemberError } from '@/lib/db/types';
import { useActions } from '@/components/common/actions';
import { ErrorNotice } from '@/components/common/ErrorNotice';
import { useOffers } from '@/components/common/useOffers';
import { loadDb } from '@/lib/db/lazy';
import { t } from '@/lib/i18n';

interface Props {
  agentId: string;
  agentName: UntrustedText | null;
  /** The details typed in the preview: a plan session reads them and asks its questions. */
  details: string;
  /** The question typed in the preview (a question call), if any. */
  question: string;
  /** The preview's "spend at most", for a session opened by its first call. */
  maxCents: number | null;
  /** Text that looks like it holds a secret stays here. */
  blocked: boolean;
  onStarted: (sessionId: string) => void;
  /** A session opened by its first call that did not start at once (approval, refusal): its call's view. */
  onCallStarted: (localId: string) => void;
}

/** The first call of a session on a site that opens sessions only with a call (no POST /sessions). */
function firstCallOf(
  way: 'plan' | 'question',
  p: Pick<Props, 'agentId' | 'details' | 'question' | 'maxCents'>,
): CallRequest | null {
  const request: CallRequest = { agentId: p.agentId, callId: way === 'plan' ? 'apply' : 'question' };
  if (way === 'question') {
    const question = p.question.trim() ? p.question : p.details;
    if (!question.trim()) return null;
    request.question = question;
    if (p.question.trim() && p.details.trim()) request.details = p.details;
  } else if (p.details.trim()) request.details = p.details;
  if (p.maxCents !== null) request.maxCents = p.maxCents;
  return request;
}

/**
 * Start a session in the preview's way: "Plan my project" reads the request and asks the plan's questions
 * before any call; "Ask a question" opens a session for question calls. Opening one charges nothing.
 * A site without POST /sessions (named by the contract without a shape) opens a session with its first call
 * (POST /calls without sessionId, shaped): the buttons then say that they start a call, which is charged for
 * what it uses like any other, and the call goes through the outbox like any other.
 */
export function StartSessionButtons(props: Props) {
  const { agentId, details, blocked, onStarted, onCallStarted } = props;
  const actions = useActions();
  const offers = useOffers();
  const [busy, setBusy] = useState<'plan' | 'question' | null>(null);
  const [error, setError] = useState<MemberError | null>(null);
  const byCall = offers.createSession === 'not_offered';
  const questionCall = firstCallOf('question', props);

  const open = async (way: 'plan' | 'question') => {
    const result = await actions.send('createSession', details.trim() ? { agentId, way, details } : { agentId, way });
    if (result.ok) onStarted(result.value.sessionId);
    else setError(result.error);
  };

  const startByCall = async (way: 'plan' | 'question') => {
    const request = firstCallOf(way, props);
    if (request === null) return;
    const result = await actions.send('startCall', {
      localId: crypto.randomUUID(),
      request,
      agentName: props.agentName,
      callName: null,
    });
    if (!result.ok) {
      setError(result.error);
      return;
    }
    const { db } = await loadDb();
    const row = await getCall(db, result.value.localId);
    if (result.value.state === 'started' && row?.sessionId) onStarted(row.sessionId);
    else onCallStarted(result.value.localId);
  };

  const start = async (way: 'plan' | 'question') => {
    setError(null);
    setBusy(way);
    await (byCall ? startByCall(way) : open(way));
    setBusy(null);
  };

  return (
    <section class="start-session" aria-labelledby="start-session-title">
      <h2 id="start-session-title">{t('startSession.heading')}</h2>
      {byCall ? <p class="muted">{t('startSession.byCall')}</p> : <p class="muted">{t('startSession.byOpening')}</p>}
      <div class="row">
        <button type="button" class="secondary" disabled={busy !== null || blocked} onClick={() => void start('plan')}>
          {busy === 'plan' ? t('startSession.opening') : t('startSession.plan')}
        </button>
        <button
          type="button"
          class="secondary"
          disabled={busy !== null || blocked || (byCall && questionCall === null)}
          onClick={() => void start('question')}
        >
          {busy === 'question' ? t('startSession.opening') : t('startSession.question')}
        </button>
      </div>
      {byCall && questionCall === null ? <p class="muted">{t('startSession.typeQuestion')}</p> : null}
      {error ? (
        <ErrorNotice
          error={error}
          title={error.code === 'not_offered_here' ? t('startSession.nothingStarted') : t('startSession.noSession')}
        />
      ) : null}
    </section>
  );
}
