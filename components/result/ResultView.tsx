import type { ComponentChildren } from 'preact';
import type { CallResult } from '@/lib/contract/calls';
import type { CallRow } from '@/lib/db/tables/calls';
import { limitSentence } from '@/lib/format/limit';
import { knownValue, rawValue } from '@/lib/contract/tolerant';
import { asUntrusted, untrustedString } from '@/lib/safety/untrusted';
import { useState } from 'preact/hooks';
import { chargedCents } from '@/lib/contract/charged';
import { CopyButton } from '@/components/common/CopyButton';
import { Disclosure } from '@/components/common/Disclosure';
import { Lazy } from '@/components/common/Lazy';
import { UntrustedText } from '@/components/common/UntrustedText';
import { ChargeView } from './ChargeView';
import { ResultTitle } from './ResultTitle';
import { ReportForm } from './ReportForm';
import { StopButton } from './StopButton';
import { FollowUpForm } from './FollowUpForm';
import { resultMarkdown } from './result-markdown';
import { followUpSession, mayStartAgain } from './start-again';
import { StartAgainButton } from './StartAgainButton';
import { SiteQuote, SiteText } from '@/components/common/SiteText';
import { t } from '@/lib/i18n';
import { type HeadingLevel, SubHeading } from '@/components/common/SubHeading';

const ENDED = new Set(['passed', 'failed', 'returned']);
/** The member's own request is a reminder here, not the point: a few lines, the rest behind "Show more". */
const ASKED_COLLAPSE_CHARS = 160;

// The note's Markdown reader loads with the first note shown, not with the panel (its script budget at open).
export const loadNoteView = () => import('./NoteView').then((m) => m.NoteView);
const loadFilesPart = () => import('./FilesView').then((m) => m.ResultFilesPart);

/** What the member sent, quoted above the answer: the question of a question call, else the details. */
function askedText(call: CallRow): { text: string; question: boolean } {
  const question = call.request.question?.trim() ?? '';
  return { text: question || (call.request.details?.trim() ?? ''), question: question !== '' };
}

/**
 * How the result came to be, one click away: the checks it was held to, what its charge was made of (the total
 * is on the status line) and who made it (the site's disclosure). Open by itself when a check was missed: then
 * the checks are the news.
 */
interface AboutProps {
  result: CallResult;
  level: HeadingLevel;
  /** The whole result's copy, when the answer's own copy leads the row. */
  copy?: ComponentChildren;
}

function AboutResult({ result, level, copy }: AboutProps) {
  const missed = result.checks.some((check) => !check.passed);
  const [open, setOpen] = useState(missed);
  const charged = result.charge !== null && chargedCents(result) !== null;
  if (result.checks.length === 0 && !charged && !result.disclosure && !copy) return null;
  return (
    <Disclosure label={t('result.about')} open={open} onToggle={setOpen}>
      {result.checks.length > 0 ? (
        <section aria-label={t('result.checks')} class="result-checks">
          <SubHeading level={level}>{t('result.checks')}</SubHeading>
          <ul class="checks">
            {result.checks.map((check, index) => (
              <li key={`${index}:${check.label}`} class={check.passed ? 'check-passed' : 'check-failed'}>
                {/* Its one marker (the list draws no bullet), with its words for assistive technology. */}
                <span aria-hidden="true">{check.passed ? '✓ ' : '✗ '}</span>
                <span class="visually-hidden">{check.passed ? t('result.checkPassed') : t('result.checkMissed')}</span>
                <SiteText text={check.label} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <ChargeView result={result} />
      {result.disclosure ? <SiteQuote class="result-disclosure muted" text={result.disclosure} /> : null}
      {copy}
    </Disclosure>
  );
}

function Asked({ call }: { call: CallRow }) {
  const { text, question } = askedText(call);
  if (!text) return null;
  const id = `asked-${call.localId}`;
  return (
    <figure class="asked" aria-labelledby={id}>
      <figcaption id={id} class="muted">
        {question ? t('preview.question') : t('result.yourDetails')}
      </figcaption>
      <blockquote>
        <UntrustedText value={asUntrusted(text)} block collapseAt={ASKED_COLLAPSE_CHARS} />
      </blockquote>
    </figure>
  );
}

/**
 * One call result, the answer first: its status and charge, the fixed header line word for word (every part
 * of the result comes under it, the call's name first), what the member asked, the answer, one row of
 * actions, the files, then the checks, the charge's parts and the disclosure folded under one button. Everything
 * from the result is data: the note, checks and reasons are shown as text and nothing in them is opened, run or
 * followed.
 */
export function ResultView({
  call,
  result,
  local = true,
  titled = false,
  time = null,
  notice = null,
  onEdit,
  onFollowUp,
}: {
  call: CallRow;
  result: CallResult;
  /** False for a result this browser did not start: it has no local record to stop, report or save from. */
  local?: boolean;
  /** The view's heading already names the call (the call's own view): no heading of its own. */
  titled?: boolean;
  /** When the call last changed, said after its status (the call's own view). */
  time?: string | null;
  /** The panel's notice about the call (a read that failed), under the header line: it may quote the site. */
  notice?: ComponentChildren;
  /** "Edit and start again" (a failed, returned or stopped call): absent where the preview cannot be opened. */
  onEdit?: ((call: CallRow) => void) | undefined;
  /** "Ask a follow-up" under a passed result: absent where the preview cannot be opened. */
  onFollowUp?: ((call: CallRow, sessionId: string, question: string) => void) | undefined;
}) {
  const status = knownValue(result.status);
  const ended = status !== undefined && ENDED.has(status);
  const running = status === 'in_progress' || status === 'checking';
  const note = result.note && untrustedString(result.note) ? result.note : null;
  const canStop = local && running && call.state === 'started';
  const canReport = local && ended && call.runId !== null;
  const canStartAgain = onEdit !== undefined && ended && mayStartAgain(call, result);
  const followUpIn = onFollowUp && status === 'passed' ? followUpSession(call, result) : null;
  const copyAll = (primary: boolean) => (
    <CopyButton text={resultMarkdown(call, result)} label={t('result.copyResult')} primary={primary} />
  );
  // Its sections' headings sit one under the nearest heading: the view's h1 (titled), or the result's own h2.
  const level: HeadingLevel = titled ? 2 : 3;
  return (
    <article class="result" aria-label={t('result.label')}>
      {/* In the call's own view the member's request, quoted under the header, tells the call; its name (the
          site's) is said there only when nothing was typed. In a list, each result says its name. */}
      <ResultTitle
        result={result}
        holdCents={call.holdCents}
        live
        headed={!titled}
        named={!titled || askedText(call).text === ''}
        time={time}
      />
      {notice}
      <Asked call={call} />
      {note ? <Lazy load={loadNoteView} props={{ note, level }} label={t('result.loadingNote')} /> : null}
      {result.failReason ? (
        <p class="fail-reason">
          <strong>{t('result.whyFailed')}</strong>
          <SiteText text={result.failReason} />
        </p>
      ) : null}
      {result.partial ? <p class="notice">{t('result.partial')}</p> : null}
      {result.revisesPlan ? (
        <p class="muted">{result.planUnchanged ? t('result.planUnchanged') : t('result.revisesPlan')}</p>
      ) : null}
      {result.researchCut ? (
        <p class="notice">
          {t('result.researchCut', {
            limit: limitSentence(result.researchCut.limitCents, rawValue(result.researchCut.limitBy)),
          })}
        </p>
      ) : null}
      <div class="result-actions">
        {/* One copy, the main action: the answer (what a member pastes into their own work), else the whole
            result; the whole result, header line first, waits in "About this result" beside the answer's. The
            report is a quiet link at the row's end. */}
        {note ? <CopyButton text={untrustedString(note)} label={t('result.copyNote')} primary /> : copyAll(true)}
        {canStartAgain && onEdit ? <StartAgainButton call={call} onEdit={onEdit} /> : null}
        {canReport ? <ReportForm call={call} /> : null}
        {canStop ? <StopButton call={call} /> : null}
      </div>
      {result.files.length > 0 ? (
        <Lazy
          load={loadFilesPart}
          props={{ local, localId: call.localId, files: result.files, level }}
          label={t('common.loading')}
        />
      ) : null}
      <AboutResult result={result} level={level} copy={note ? copyAll(false) : undefined} />
      {followUpIn && onFollowUp ? (
        <FollowUpForm call={call} onFollowUp={(c, question) => onFollowUp(c, followUpIn, question)} />
      ) : null}
      {local ? null : <p class="muted">{t('result.notLocal')}</p>}
    </article>
  );
}
