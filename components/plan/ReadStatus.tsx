import type { ComponentChildren } from 'preact';
import { UntrustedText } from '@/components/common/UntrustedText';
import type { Questions } from '@/lib/contract/sessions';
import { coversWords, passVerdictWords, shortCheckWords, skippedWhyWords } from '@/lib/words/sessions';
import { unknownWords } from '@/lib/words/unknown';
import { t } from '@/lib/i18n';
import { Message } from '@/components/common/Message';
import { Time } from '@/components/common/Time';

interface Props {
  pass: Questions['pass'];
  shortCheck: Questions['shortCheck'];
  now?: Date;
}

/**
 * The read of the request (pass) and the short check of typed answers, in plain sentences, after the questions
 * the member came for, only where there is something to know: a request read as it stands and fitting its agent
 * needs no word; otherwise when it was read ("Your request was read before your last change."), then what needs
 * more. How many reads are left is said once, where it counts: in the rewrite box.
 */
export function ReadStatus({ pass, shortCheck, now }: Props) {
  const skipped = skippedWhyWords(pass.skippedWhy);
  const check = shortCheckWords(shortCheck);
  const covers = coversWords(pass.covers);
  // Off the subject, or a verdict this version does not know: said in full, apart from the first line.
  const verdict = pass.verdict === 'fits' ? null : passVerdictWords(pass.verdict);
  // Read as it stands and fitting its agent: nothing the member need do, so nothing is said.
  const quiet = pass.status === 'done' && pass.current && verdict === null && !pass.fit?.sentence;
  if (quiet && !skipped && !covers && !check) return null;
  return (
    <section class="read-status" aria-label={t('readStatus.label')}>
      <p class="muted">{readWords(pass, now)}</p>
      {skipped ? <p class="muted">{t('readStatus.why', { why: skipped })}</p> : null}
      {verdict ? <p>{verdict}</p> : null}
      {pass.fit?.sentence ? (
        <p class="notice">
          <UntrustedText value={pass.fit.sentence} site />
        </p>
      ) : null}
      {covers ? <p class="muted">{covers}</p> : null}
      {check ? <p class="muted">{check}</p> : null}
    </section>
  );
}

function readWords(pass: Questions['pass'], now: Date | undefined): ComponentChildren {
  switch (pass.status) {
    case null:
      return t('readStatus.notRead');
    case 'done':
      if (!pass.current) return t('readStatus.readBefore');
      return pass.at ? (
        <Message id="readStatus.read" parts={{ time: <Time iso={pass.at} relative now={now} /> }} />
      ) : (
        t('readStatus.readNoTime')
      );
    case 'skipped':
      return t('readStatus.skipped');
    case 'failed':
      return t('readStatus.failed');
    default:
      return unknownWords(pass.status, t('session.unknownWhat.readStatus'));
  }
}
