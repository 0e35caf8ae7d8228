import { UntrustedText } from '@/components/common/UntrustedText';
import type { Questions } from '@/lib/api/schemas';
import { formatRelative } from '@/lib/format/time';
import {
  coversWords,
  passStatusWords,
  passVerdictWords,
  readsLeftWords,
  shortCheckWords,
  skippedWhyWords,
} from '@/lib/session/words';

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
    <section class="read-status" aria-label="Reading your request">
      <p>
        {passStatusWords(pass)}
        {pass.at ? <small class="muted"> ({formatRelative(pass.at, now)})</small> : null}
      </p>
      {skipped ? <p>Why: {skipped}</p> : null}
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
