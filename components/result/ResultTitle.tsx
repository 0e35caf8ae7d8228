import { type Amount, knownValue } from '@/lib/contract/tolerant';
import type { CallResult } from '@/lib/contract/calls';
import { SiteHeader } from '@/components/common/SiteText';
import { Time } from '@/components/common/Time';
import { UntrustedText } from '@/components/common/UntrustedText';
import { ownCallKindWords } from '@/lib/words/values';
import { t } from '@/lib/i18n';
import { headerToShow } from './header';
import { resultLine } from './status-line';

interface Props {
  result: CallResult;
  /** What the call holds while it runs (its 202), for the line of a running call. */
  holdCents: Amount | null;
  /** The status is a live region only where it can change (a whole result; a folded one has ended). */
  live: boolean;
  /** Its own heading, the kind of call: false where the view's heading says it already (the call's own view). */
  headed: boolean;
  /** The call's name (the site's) under the header line: false where the member's own request tells the call. */
  named: boolean;
  /** When the call last changed, after the status (the call's own view). */
  time?: string | null;
}

/**
 * A result's first lines, whole or folded: in a list of results a heading with the kind of call in our words
 * (a custom call's id is the site's, so "Call result"), one line with its status and charge, then the fixed
 * header line word for word, then the call's name. Everything above the header line is the panel's own
 * (rule 2): the call's name is the site's, so it comes under it, as does everything from the result itself
 * (the note, checks, files, reasons). The header's shield is drawn by the stylesheet, so the line holds the
 * site's words and nothing else.
 */
export function ResultTitle({ result, holdCents, live, headed, named, time }: Props) {
  const status = knownValue(result.status);
  const mark = status === 'passed' ? 'passed' : status === 'failed' ? 'failed' : null;
  return (
    <>
      {headed ? <h2 class="result-lead">{ownCallKindWords(result.callId) ?? t('result.label')}</h2> : null}
      <p class="result-lead result-status">
        {/* A tick or a cross before the words, drawn only: the words say it. */}
        {mark ? (
          <span class={`status-mark status-mark-${mark}`} aria-hidden="true">
            {mark === 'passed' ? '✓' : '✗'}
          </span>
        ) : null}
        <span role={live ? 'status' : undefined}>{resultLine(result, holdCents)}</span>
        {time ? (
          <span class="muted">
            {' · '}
            <Time iso={time} relative />
          </span>
        ) : null}
      </p>
      <SiteHeader text={headerToShow(result.header)} />
      {named ? (
        <p class="call-name">
          <UntrustedText value={result.untrustedCallName} empty={result.callId} name site />
        </p>
      ) : null}
    </>
  );
}
