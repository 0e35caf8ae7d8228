import { useState } from 'preact/hooks';
import type { CallRow } from '@/lib/db/tables/calls';
import { useActions } from '@/components/common/actions';
import { t } from '@/lib/i18n';
import { errorText } from '@/components/common/error-text';

// 409 while the result is being checked (invalid_state; the changelog's agent_busy): not a failure.
const BUSY_CODES = new Set(['invalid_state', 'agent_busy']);

/** Stop a running call: it hands in what it has (partial), charged for what it used only if it passes. */
export function StopButton({ call }: { call: CallRow }) {
  const actions = useActions();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const runId = call.runId;
  if (!runId) return null;

  const stop = async () => {
    setBusy(true);
    setMessage(null);
    const result = await actions.send('stopCall', { runId });
    setBusy(false);
    if (result.ok) setMessage(t('stop.asked'));
    else if (BUSY_CODES.has(result.error.code)) setMessage(t('errors.checking'));
    else setMessage(await errorText(result.error));
  };

  const asked = call.stop?.done === true;
  return (
    <div class="stop">
      <button type="button" class="danger" onClick={stop} disabled={busy || asked}>
        {asked ? t('stop.stopAsked') : busy ? t('stop.stopping') : t('stop.stop')}
      </button>
      {message ? <p role="status">{message}</p> : null}
    </div>
  );
}
