import type { AgentCard } from '@/lib/contract/find';
import { tnAmount } from '@/lib/format/amount';
import { formatCount, formatMatch } from '@/lib/format/count';
import { t } from '@/lib/i18n';
import { untrustedString } from '@/lib/safety/untrusted';
import { UntrustedText } from '@/components/common/UntrustedText';
import { agentConnectionWords } from '@/lib/words/values';
import { accentFor } from './accents';

/** "Knows" starts collapsed at about two lines; "Show more" has the rest. */
const KNOWS_CHARS = 110;

interface Props {
  card: AgentCard;
  onChoose: (card: AgentCard) => void;
}

/** One agent from a find: everything the card says, the untrusted parts as text. */
export function AgentCardView({ card, onChoose }: Props) {
  const name = untrustedString(card.untrustedName) || t('preview.thisAgent');
  const titleId = `agent-${card.agentId}`;
  const facts: [string, string][] = [
    [t('agentCard.match'), formatMatch(card.matchBps)],
    [t('agentCard.used'), tnAmount('agentCard.countedCalls', card.countedCalls)],
    [t('agentCard.contributors'), formatCount(card.contributors)],
  ];
  // Said only when calling it is not simply allowed (waiting for you, declined, not asked yet, unknown).
  if (card.connection !== 'allowed') facts.push([t('agentCard.callingIt'), agentConnectionWords(card.connection)]);
  return (
    <li class={`agent-card accent-${accentFor(card.accent)}`} aria-labelledby={titleId}>
      <h2 id={titleId} class="agent-name">
        <UntrustedText value={card.untrustedName} empty={t('agentCard.noName')} name />
        {card.isNew ? <span class="badge">{t('agentCard.new')}</span> : null}
      </h2>
      {card.untrustedStyleLine ? (
        <p class="style-line">
          <UntrustedText value={card.untrustedStyleLine} site />
        </p>
      ) : null}
      <p>
        <span class="label">{t('agentCard.knows')}</span>
        <UntrustedText value={card.untrustedKnows} empty={t('agentCard.nothingSaid')} collapseAt={KNOWS_CHARS} site />
      </p>
      {/* The figures flow as pairs on a line or two, so two cards fit a side panel's first screen. */}
      <dl class="card-facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <button type="button" onClick={() => onChoose(card)} aria-label={t('agentCard.previewLabel', { agent: name })}>
        {t('agentCard.preview')}
      </button>
    </li>
  );
}
