import { useState } from 'preact/hooks';
import type { ReportAnswer } from '@/lib/api/schemas';
import type { CallRow, MemberError } from '@/lib/db/types';
import { charCount } from '@/lib/format/chars';
import { useActions } from '../common/actions';
import { ErrorNotice } from '../common/ErrorNotice';
import { rawValue } from '@/lib/api/tolerant';

const REASON_MAX = 500;
type ReasonKind = 'wrong' | 'outdated' | 'not_relevant';

const KIND_WORDS: Record<ReasonKind, string> = {
  wrong: 'It is wrong',
  outdated: 'It is outdated',
  not_relevant: 'It is not relevant',
};

function recordedWords(recorded: ReportAnswer): string {
  const kind = rawValue(recorded.reasonKind);
  const kindWords = kind && kind in KIND_WORDS ? KIND_WORDS[kind as ReasonKind].toLowerCase() : kind;
  const verdict = rawValue(recorded.verdict);
  const verdictWords = verdict === 'did_not_help' ? 'did not help' : (verdict ?? 'unknown');
  return `Recorded: ${verdictWords}${kindWords ? ` (${kindWords})` : ''}. The first report stands; the charge stays.`;
}

/** Report a result that did not help: a reason kind and up to 500 characters. The first report stands. */
export function ReportForm({ call }: { call: CallRow }) {
  const actions = useActions();
  const [kind, setKind] = useState<ReasonKind | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<MemberError | null>(null);
  const [sending, setSending] = useState(false);
  const [recorded, setRecorded] = useState<ReportAnswer | null>(null);
  const [open, setOpen] = useState(false);
  const runId = call.runId;
  const shown = recorded ?? call.report?.recorded ?? null;
  if (!runId) return null;
  if (shown) {
    return (
      <p role="status" class="report-recorded">
        {recordedWords(shown)}
      </p>
    );
  }
  const length = charCount(reason);
  const tooLong = length > REASON_MAX;

  const submit = async (event: Event) => {
    event.preventDefault();
    if (!kind || tooLong) return;
    setSending(true);
    setError(null);
    const result = await actions.send('reportCall', {
      runId,
      verdict: 'did_not_help',
      reasonKind: kind,
      reason: reason.trim() ? reason : null,
    });
    setSending(false);
    if (result.ok) setRecorded(result.value.recorded);
    else setError(result.error);
  };

  return (
    <div class="report">
      <button type="button" class="secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
        Report: this did not help
      </button>
      {open ? (
      <form onSubmit={submit} aria-label="Report this result">
        <fieldset>
          <legend>What was wrong with it?</legend>
          {(Object.keys(KIND_WORDS) as ReasonKind[]).map((k) => (
            <label key={k}>
              <input type="radio" name={`reason-kind-${runId}`} checked={kind === k} onChange={() => setKind(k)} />
              {KIND_WORDS[k]}
            </label>
          ))}
        </fieldset>
        <label for={`reason-${runId}`}>Reason (optional)</label>
        <textarea
          id={`reason-${runId}`}
          rows={3}
          value={reason}
          onInput={(e) => setReason(e.currentTarget.value)}
          aria-describedby={`reason-count-${runId}`}
          aria-invalid={tooLong}
        />
        <p id={`reason-count-${runId}`} class={tooLong ? 'error-text' : 'muted'}>
          {length} of {REASON_MAX} characters
        </p>
        <button type="submit" disabled={!kind || tooLong || sending}>
          {sending ? 'Sending…' : 'Send report'}
        </button>
      </form>
      ) : null}
      {error ? <ErrorNotice error={error} /> : null}
    </div>
  );
}
