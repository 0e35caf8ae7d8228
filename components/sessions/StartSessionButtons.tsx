import { useState } from 'preact/hooks';
import type { MemberError } from '@/lib/db/types';
import { useActions } from '../common/actions';
import { ErrorNotice } from '../common/ErrorNotice';

interface Props {
  agentId: string;
  /** The details typed in the preview: a plan session reads them and asks its questions. */
  details: string;
  /** Text that looks like it holds a secret stays here. */
  blocked: boolean;
  onStarted: (sessionId: string) => void;
}

/**
 * Start a session in the preview's way: "Plan my project" reads the request and asks the plan's questions
 * before any call; "Ask a question" opens a session for question calls. Opening one charges nothing.
 */
export function StartSessionButtons({ agentId, details, blocked, onStarted }: Props) {
  const actions = useActions();
  const [busy, setBusy] = useState<'plan' | 'question' | null>(null);
  const [error, setError] = useState<MemberError | null>(null);

  const start = async (way: 'plan' | 'question') => {
    setError(null);
    setBusy(way);
    const result = await actions.send('createSession', details.trim() ? { agentId, way, details } : { agentId, way });
    setBusy(null);
    if (result.ok) onStarted(result.value.sessionId);
    else setError(result.error);
  };

  return (
    <section class="start-session" aria-labelledby="start-session-title">
      <h3 id="start-session-title">Or start a session</h3>
      <p class="muted">A session keeps calls together: answer the agent’s questions first, then make and revise a plan, or ask several questions. Opening one charges nothing.</p>
      <div class="row">
        <button type="button" class="secondary" disabled={busy !== null || blocked} onClick={() => void start('plan')}>
          {busy === 'plan' ? 'Opening…' : 'Plan my project'}
        </button>
        <button type="button" class="secondary" disabled={busy !== null || blocked} onClick={() => void start('question')}>
          {busy === 'question' ? 'Opening…' : 'Ask a question'}
        </button>
      </div>
      {error ? <ErrorNotice error={error} title="No session opened." /> : null}
    </section>
  );
}
