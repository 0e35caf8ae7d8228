import type { AgentCard } from '@/lib/api/schemas';
import { formatCount, formatMatch, plural } from '@/lib/format/count';
import { untrustedString } from '@/lib/safety/untrusted';
import { UntrustedText } from '../common/UntrustedText';
import { agentConnectionWords } from '../common/words';
import { accentFor } from './accents';

interface Props {
  card: AgentCard;
  onChoose: (card: AgentCard) => void;
}

/** One agent from a find: everything the card says, the untrusted parts as text. */
export function AgentCardView({ card, onChoose }: Props) {
  const name = untrustedString(card.untrustedName) || 'this agent';
  const titleId = `agent-${card.agentId}`;
  return (
    <li class={`agent-card accent-${accentFor(card.accent)}`} aria-labelledby={titleId}>
      <h2 id={titleId} class="agent-name">
        <UntrustedText value={card.untrustedName} empty="(no name)" name />
        {card.isNew ? <span class="badge">New</span> : null}
      </h2>
      {card.untrustedStyleLine ? (
        <p class="style-line">
          <UntrustedText value={card.untrustedStyleLine} />
        </p>
      ) : null}
      <p>
        <span class="label">Knows: </span>
        <UntrustedText value={card.untrustedKnows} empty="(nothing said)" />
      </p>
      <dl class="facts compact">
        <dt>Match</dt>
        <dd>{formatMatch(card.matchBps)}</dd>
        <dt>Used</dt>
        <dd>{plural(card.countedCalls, 'counted call', 'counted calls')}</dd>
        <dt>Contributors</dt>
        <dd>{formatCount(card.contributors)}</dd>
        <dt>Calling it</dt>
        <dd>{agentConnectionWords(card.connection)}</dd>
      </dl>
      <button type="button" onClick={() => onChoose(card)} aria-label={`Preview a call to ${name}`}>
        Preview a call
      </button>
    </li>
  );
}
