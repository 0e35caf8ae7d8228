import type { Fit } from '@/lib/api/schemas';
import type { UntrustedTextValue } from '@/lib/safety/untrusted';
import { untrustedString } from '@/lib/safety/untrusted';
import { knownValue } from '@/lib/api/tolerant';
import { UntrustedText } from '../common/UntrustedText';
import type { FitChoice } from './draft';

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
  /** The site does not judge a typed request before the call (no quote): the verdict is of the kind of call only. */
  requestNotChecked?: boolean;
}

/** The site judged the request unrelated to this agent: the member decides what the call is about. */
export function FitChoiceView({ fit, agentName, subject, onChoose, requestNotChecked = false }: Props) {
  const verdict = knownValue(fit.verdict);
  if (fit.choice !== null) {
    const earlier = knownValue(fit.choice);
    return (
      <p class="muted">
        Earlier choice in this session:{' '}
        {earlier === 'new_agent' ? 'start a new agent by research' : earlier === 'ask_anyway' ? 'ask this agent anyway' : 'unknown'}.
      </p>
    );
  }
  if (!needsFitChoice(fit)) {
    if (verdict === 'fits') return <p class="muted">The site reads your request as fitting this agent.</p>;
    if (verdict === 'unclear') {
      return (
        <p class="muted">
          {requestNotChecked
            ? 'This site judges whether your request fits this agent when the call starts.'
            : 'Whether your request fits this agent is read once you type it.'}
        </p>
      );
    }
    if (verdict === undefined) return <p class="muted">The site's fit verdict is one this extension does not know.</p>;
    return null;
  }
  const thisName = untrustedString(agentName) || 'this agent';
  return (
    <fieldset class="fit-choice">
      <legend>
        {verdict === 'another_agent' ? 'Another agent may fit this better.' : 'No agent seems to fit this.'} What should the call be about?
      </legend>
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
        Ask {thisName} anyway
      </label>
      {fit.otherAgent ? (
        <label>
          <input type="radio" name="fit-choice" checked={false} onChange={() => onChoose({ kind: 'other_agent' })} />
          Use <UntrustedText value={fit.otherAgent.untrustedName} empty="the other agent" name /> instead
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
          Start a new agent by research on the web (uses no one's shared research; what it finds is kept as findings)
        </label>
      ) : null}
    </fieldset>
  );
}
