import type { Amount } from '@/lib/contract/tolerant';
import type { CallResult } from '@/lib/contract/calls';
import { SiteHeader } from '@/components/common/SiteText';
import { Time } from '@/components/common/Time';
import { UntrustedText } from '@/components/common/UntrustedText';
import { headerToShow } from './header';
import { resultLine } from './status-line';

interface Props {
  result: CallResult;
  /** What the call holds while it runs (its 202), for the line of a running call. */
  holdCents: Amount | null;
  /** The status is a live region only where it can change (a whole result; a folded one has ended). */
  live: boolean;
  /** Its own heading with the call's name: false where the view's heading names the call already. */
  named: boolean;
  /** When the call last changed, after the status (the call's own view). */
  time?: string | null;
}

/**
 * A result's first lines, whole or folded: its name (in a list of results), one line with its status and
 * charge, then the fixed header line word for word. Those two lines are the panel's own; everything from
 * the result itself (the note, checks, files, reasons) follows the header line. The header's shield is drawn
 * by the stylesheet, so the line holds the site's words and nothing else.
 */
export function ResultTitle({ result, holdCents, live, named, time }: Props) {
  return (
    <>
      {named ? (
        <h2 class="result-lead">
          <UntrustedText value={result.untrustedCallName} empty={result.callId} name />
        </h2>
      ) : null}
      <p class="result-lead result-status">
        <span role={live ? 'status' : undefined}>{resultLine(result, holdCents)}</span>
        {time ? (
          <span class="muted">
            {' · '}
            <Time iso={time} relative />
          </span>
        ) : null}
      </p>
      <SiteHeader text={headerToShow(result.header)} />
    </>
  );
}
