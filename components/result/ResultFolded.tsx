import type { CallResult } from '@/lib/api/schemas';
import { ResultTitle } from './ResultTitle';
import { t } from '@/lib/i18n';

/**
 * An earlier result of a session, folded: still under its header line first, then its call name and status.
 * Its note, checks, files and charge are shown when the member opens it (the button beside it).
 */
export function ResultFolded({ result }: { result: CallResult }) {
  return (
    <article class="result result-folded" aria-label={t('result.label')}>
      <ResultTitle result={result} live={false} />
    </article>
  );
}
