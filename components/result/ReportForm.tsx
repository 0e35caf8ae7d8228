import { useState } from 'preact/hooks';
import type { ReportAnswer } from '@/lib/contract/calls';
import type { CallRow } from '@/lib/db/tables/calls';
import type { MemberError } from '@/lib/db/member-error';
import { charCount } from '@/lib/format/chars';
import { useActions } from '@/components/common/actions';
import { ErrorNotice } from '@/components/common/ErrorNotice';
import { hasSecretText, SecretWarning } from '@/components/common/SecretWarning';
import { rawValue } from '@/lib/contract/tolerant';
import { formatCount } from '@/lib/format/count';
import { t } from '@/lib/i18n';
import { MAX_REPORT_REASON_CHARS } from '@/lib/contract/limits';

type ReasonKind = 'wrong' | 'outdated' | 'not_relevant';

const KINDS: readonly ReasonKind[] = ['wrong', 'outdated', 'not_relevant'];

function kindWords(kind: ReasonKind): string {
  if (kind === 'wrong') return t('report.kind.wrong');
  if (kind === 'outdated') return t('report.kind.outdated');
  return t('report.kind.notRelevant');
}

/** As it reads inside the recorded line: "(it is outdated)"; a kind this version does not know, as sent. */
function kindShortWords(kind: string): string {
  if (kind === 'wrong') return t('report.kindShort.wrong');
  if (kind === 'outdated') return t('report.kindShort.outdated');
  if (kind === 'not_relevant') return t('report.kindShort.notRelevant');
  return kind;
}

function recordedWords(recorded: ReportAnswer): string {
  const kind = rawValue(recorded.reasonKind);
  const verdict = rawValue(recorded.verdict);
  const verdictWords = verdict === 'did_not_help' ? t('report.didNotHelp') : (verdict ?? t('format.unknown'));
  return kind
    ? t('report.recordedKind', { verdict: verdictWords, kind: kindShortWords(kind) })
    : t('report.recorded', { verdict: verdictWords });
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
  const tooLong = length > MAX_REPORT_REASON_CHARS;
  // Nothing that looks like a key leaves the machine; the reason stays typed for the member to edit.
  const secret = hasSecretText(reason);

  const submit = async (event: Event) => {
    event.preventDefault();
    if (!kind || tooLong || secret) return;
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
      <button type="button" class="link-like report-open" aria-expanded={open} onClick={() => setOpen(!open)}>
        {t('report.open')}
      </button>
      {open ? (
        <form onSubmit={submit} aria-label={t('report.formLabel')}>
          <fieldset>
            <legend>{t('report.what')}</legend>
            {KINDS.map((k) => (
              <label key={k}>
                <input type="radio" name={`reason-kind-${runId}`} checked={kind === k} onChange={() => setKind(k)} />
                {kindWords(k)}
              </label>
            ))}
          </fieldset>
          <label for={`reason-${runId}`}>{t('report.reason')}</label>
          <textarea
            dir="auto"
            id={`reason-${runId}`}
            rows={3}
            value={reason}
            onInput={(e) => setReason(e.currentTarget.value)}
            aria-describedby={`reason-count-${runId}${secret ? ` reason-secret-${runId}` : ''}`}
            aria-invalid={tooLong || secret}
          />
          <p id={`reason-count-${runId}`} class={tooLong ? 'error-text' : 'muted'}>
            {t('preview.charsOf', { count: formatCount(length), max: formatCount(MAX_REPORT_REASON_CHARS) })}
          </p>
          <SecretWarning text={reason} id={`reason-secret-${runId}`} />
          <button type="submit" disabled={!kind || tooLong || secret || sending}>
            {sending ? t('report.sending') : t('report.send')}
          </button>
        </form>
      ) : null}
      {error ? <ErrorNotice error={error} /> : null}
    </div>
  );
}
