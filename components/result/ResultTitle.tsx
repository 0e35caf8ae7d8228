import type { CallResult } from '@/lib/api/schemas';
import { SiteText } from '@/components/common/SiteText';
import { UntrustedText } from '@/components/common/UntrustedText';
import { callStatusWords } from '@/lib/words/values';
import { headerToShow } from './header';

/**
 * A result's first lines, whole or folded: its fixed header line first, then its call name and status. The
 * status is a live region only where it can change (a whole result; a folded one has ended).
 */
export function ResultTitle({ result, live }: { result: CallResult; live: boolean }) {
  return (
    <>
      <p class="result-header" role="note">
        <SiteText text={headerToShow(result.header)} />
      </p>
      <h2>
        <UntrustedText value={result.untrustedCallName} empty={result.callId} name />
      </h2>
      <p class="status" role={live ? 'status' : undefined}>
        {callStatusWords(result.status)}
      </p>
    </>
  );
}
