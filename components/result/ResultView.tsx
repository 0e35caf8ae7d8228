import type { CallResult } from '@/lib/api/schemas';
import type { CallRow } from '@/lib/db/types';
import { limitSentence } from '@/lib/format/limit';
import { knownValue, rawValue } from '@/lib/api/tolerant';
import { Lazy } from '@/components/common/Lazy';
import { ChargeView } from './ChargeView';
import { FileList, FilesView } from './FilesView';
import { ResultTitle } from './ResultTitle';
import { ReportForm } from './ReportForm';
import { StopButton } from './StopButton';
import { SiteText } from '@/components/common/SiteText';
import { t } from '@/lib/i18n';

const ENDED = new Set(['passed', 'failed', 'returned']);

// The note's Markdown reader loads with the first note shown, not with the panel (its script budget at open).
export const loadNoteView = () => import('./NoteView').then((m) => m.NoteView);

/**
 * One call result. The header line comes first, always; everything after it is data: the note, checks and
 * reasons are shown as text and nothing in them is opened, run or followed.
 */
export function ResultView({
  call,
  result,
  local = true,
}: {
  call: CallRow;
  result: CallResult;
  /** False for a result this browser did not start: it has no local record to stop, report or save from. */
  local?: boolean;
}) {
  const status = knownValue(result.status);
  const ended = status !== undefined && ENDED.has(status);
  const running = status === 'in_progress' || status === 'checking';
  return (
    <article class="result" aria-label={t('result.label')}>
      <ResultTitle result={result} live />
      {result.partial ? (
        <p class="notice">{status === 'failed' ? t('result.partialFree') : t('result.partial')}</p>
      ) : null}
      {result.revisesPlan ? (
        <p class="muted">{result.planUnchanged ? t('result.planUnchanged') : t('result.revisesPlan')}</p>
      ) : null}
      {result.note ? <Lazy load={loadNoteView} props={{ note: result.note }} label={t('result.loadingNote')} /> : null}
      {result.failReason ? (
        <p class="fail-reason">
          <strong>{t('result.whyFailed')}</strong>
          <SiteText text={result.failReason} />
        </p>
      ) : null}
      {result.researchCut ? (
        <p class="notice">
          {t('result.researchCut', {
            limit: limitSentence(result.researchCut.limitCents, rawValue(result.researchCut.limitBy)),
          })}
        </p>
      ) : null}
      {result.checks.length > 0 ? (
        <section aria-label={t('result.checks')}>
          <h3>{t('result.checksHeading')}</h3>
          <ul class="checks">
            {result.checks.map((check, index) => (
              <li key={`${index}:${check.label}`} class={check.passed ? 'check-passed' : 'check-failed'}>
                {check.passed ? t('result.checkPassed') : t('result.checkMissed')}
                <SiteText text={check.label} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {local ? <FilesView localId={call.localId} files={result.files} /> : <FileList files={result.files} />}
      <ChargeView result={result} holdCents={call.holdCents} />
      {result.disclosure ? (
        <p class="disclosure muted">
          <SiteText text={result.disclosure} />
        </p>
      ) : null}
      {local && running && call.state === 'started' ? <StopButton call={call} /> : null}
      {local && ended ? <ReportForm call={call} /> : null}
      {local ? null : <p class="muted">{t('result.notLocal')}</p>}
    </article>
  );
}
