import type { CallResult } from '@/lib/contract/calls';
import { ResultTitle } from './ResultTitle';
import { t } from '@/lib/i18n';

/**
 * An earlier result of a session, folded: its kind, its status and charge, its header line and its call's name. Its
 * note, checks, files and charge's parts are shown when the member opens it (the button beside it).
 */
export function ResultFolded({ result }: { result: CallResult }) {
  return (
    <article class="result result-folded" aria-label={t('result.label')}>
      <ResultTitle result={result} holdCents={null} live={false} headed named />
    </article>
  );
}
