import { UntrustedText } from '@/components/common/UntrustedText';
import type { Questions } from '@/lib/api/schemas';
import {
  coversWords,
  passStatusWords,
  passVerdictWords,
  readsLeftWords,
  shortCheckWords,
  skippedWhyWords,
} from '@/lib/words/sessions';
import { t } from '@/lib/i18n';
import { Time } from '@/components/common/Time';

interface Props {
  pass: Questions['pass'];
  shortCheck: Questions['shortCheck'];
  now?: Date;
}

/** The read of the request (pass) and the short check of typed answers, in words. */
export function ReadStatus({ pass, shortCheck, now }: Props) {
  const skipped = skippedWhyWords(pass.skippedWhy);
  const verdict = passVerdictWords(pass.verdict);
  const covers = coversWords(pass.covers);
  const check = shortCheckWords(shortCheck);
  return (
    <section class="read-status" aria-label={t('readStatus.label')}>
      <p>
        {passStatusWords(pass)}
        {pass.at ? (
          <small class="muted">
            {' ('}
            <Time iso={pass.at} relative now={now} />
            {')'}
          </small>
        ) : null}
      </p>
      {skipped ? <p>{t('readStatus.why', { why: skipped })}</p> : null}
      {verdict ? <p>{verdict}</p> : null}
      {pass.fit?.sentence ? (
        <p class="notice">
          <UntrustedText value={pass.fit.sentence} />
        </p>
      ) : null}
      {covers ? <p>{covers}</p> : null}
      <p class="muted">{readsLeftWords(pass)}</p>
      {check ? <p>{check}</p> : null}
    </section>
  );
}
