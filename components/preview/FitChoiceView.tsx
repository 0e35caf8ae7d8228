import type { Fit } from '@/lib/contract/calls';
import type { UntrustedTextValue } from '@/lib/safety/untrusted';
import { knownValue } from '@/lib/contract/tolerant';
import { UntrustedText } from '@/components/common/UntrustedText';
import type { FitChoice } from './draft';
import { t } from '@/lib/i18n';
import { Message } from '@/components/common/Message';

export type FitAnswer = { kind: 'subject'; subject: Exclude<FitChoice, null> } | { kind: 'other_agent' };

/** Whether the member must choose before the call can start (contract: another_agent or no_agent, no choice). */
export function needsFitChoice(fit: Fit): boolean {
  const verdict = knownValue(fit.verdict);
  return (verdict === 'another_agent' || verdict === 'no_agent') && fit.choice === null;
}

interface Props {
  fit: Fit;
  agentName: UntrustedTextValue | null;
  subject: FitChoice;
  onChoose: (answer: FitAnswer) => void;
  /**
   * The site does not judge a typed request before the call (no quote): the verdict is of the kind of call
   * only, and the preview says so once, under the text; nothing more is said here.
   */
  requestNotChecked?: boolean;
}

/** The site judged the request unrelated to this agent: the member decides what the call is about. */
export function FitChoiceView({ fit, agentName, subject, onChoose, requestNotChecked = false }: Props) {
  const verdict = knownValue(fit.verdict);
  if (fit.choice !== null) {
    const earlier = knownValue(fit.choice);
    return (
      <p class="muted">
        {t('fit.earlier', {
          choice:
            earlier === 'new_agent'
              ? t('fit.earlierNewAgent')
              : earlier === 'ask_anyway'
                ? t('fit.earlierAskAnyway')
                : t('format.unknown'),
        })}
      </p>
    );
  }
  if (!needsFitChoice(fit)) {
    // A request that fits needs no line: only what asks something of the member is said.
    if (verdict === 'fits') return null;
    if (verdict === 'unclear') {
      return requestNotChecked ? null : <p class="muted">{t('fit.readOnceTyped')}</p>;
    }
    if (verdict === undefined) return <p class="muted">{t('fit.unknownVerdict')}</p>;
    return null;
  }
  return (
    <fieldset class="fit-choice">
      <legend>{verdict === 'another_agent' ? t('fit.anotherAgent') : t('fit.noAgent')}</legend>
      {fit.sentence ? (
        <p>
          <UntrustedText value={fit.sentence} />
        </p>
      ) : null}
      <label>
        <input
          type="radio"
          name="fit-choice"
          checked={subject === 'ask_anyway'}
          onChange={() => onChoose({ kind: 'subject', subject: 'ask_anyway' })}
        />
        <Message
          id="fit.askAnyway"
          parts={{ agent: <UntrustedText value={agentName} empty={t('preview.thisAgent')} name /> }}
        />
      </label>
      {fit.otherAgent ? (
        <label>
          <input type="radio" name="fit-choice" checked={false} onChange={() => onChoose({ kind: 'other_agent' })} />
          <Message
            id="fit.useOther"
            parts={{
              agent: <UntrustedText value={fit.otherAgent.untrustedName} empty={t('fit.theOtherAgent')} name />,
            }}
          />
        </label>
      ) : null}
      {fit.canStartAgent ? (
        <label>
          <input
            type="radio"
            name="fit-choice"
            checked={subject === 'new_agent'}
            onChange={() => onChoose({ kind: 'subject', subject: 'new_agent' })}
          />
          {t('fit.newAgent')}
        </label>
      ) : null}
    </fieldset>
  );
}
