import type { CallResult } from '@/lib/api/schemas';
import { SiteText } from '../common/SiteText';
import { UntrustedText } from '../common/UntrustedText';
import { callStatusWords } from '../common/words';
import { headerToShow } from './header';
import { t } from '@/lib/i18n';

/**
 * An earlier result of a session, folded: still under its header line first, then its call name and status.
 * Its note, checks, files and charge are shown when the member opens it (the button beside it).
 */
export function ResultFolded({ result }: { result: CallResult }) {
  return (
    <article class="result result-folded" aria-label={t('result.label')}>
      <p class="result-header" role="note">
        <SiteText text={headerToShow(result.header)} />
      </p>
      <h2>
        <UntrustedText value={result.untrustedCallName} empty={result.callId} name />
      </h2>
      <p class="status">{callStatusWords(result.status)}</p>
    </article>
  );
}
