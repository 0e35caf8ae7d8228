import type { AgentCard } from '@/lib/contract/find';
import { tnAmount } from '@/lib/format/amount';
import { formatMatch, matchPercent } from '@/lib/format/count';
import { t } from '@/lib/i18n';
import { untrustedString } from '@/lib/safety/untrusted';
import { UntrustedText } from '@/components/common/UntrustedText';
import { matchWords } from '@/lib/words/match';
import { agentConnectionWords } from '@/lib/words/values';

/** "Knows" starts collapsed at about two lines; "Show more" has the rest. */
const KNOWS_CHARS = 110;

interface Props {
  card: AgentCard;
  /** The find's best match (its first card): its preview is the view's one primary button. */
  best: boolean;
  onChoose: (card: AgentCard) => void;
}

/** One agent from a find: everything the card says, the untrusted parts as text. */
export function AgentCardView({ card, best, onChoose }: Props) {
  const name = untrustedString(card.untrustedName) || t('preview.thisAgent');
  const titleId = `agent-${card.agentId}`;
  return (
    // The card's accent (the contract's "one of ten accent colors") is not drawn: a colour that says nothing
    // the card's words do not was read as a meaning it does not have.
    <li class="agent-card" aria-labelledby={titleId}>
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
      <div class="card-facts">
        <MatchMeter bps={card.matchBps} />
        {/* Each count is one phrase, its number inside it, and the two stay on one line (style.css). */}
        <p class="card-use">
          <span>{tnAmount('agentCard.usedTimes', card.countedCalls)}</span>
          <span>{tnAmount('agentCard.contributorsCount', card.contributors)}</span>
        </p>
        {/* Said only when calling it is not simply allowed (waiting for you, declined, not asked yet, unknown). */}
        {card.connection !== 'allowed' ? (
          <dl class="card-calling">
            <dt>{t('agentCard.callingIt')}</dt>
            <dd>{agentConnectionWords(card.connection)}</dd>
          </dl>
        ) : null}
      </div>
      <button
        type="button"
        class={best ? undefined : 'secondary'}
        onClick={() => onChoose(card)}
        aria-label={t('agentCard.previewLabel', { agent: name })}
      >
        {t('agentCard.preview')}
      </button>
    </li>
  );
}

/**
 * The match as a small bar and its words ("Strong match"); the percentage is its value for a screen reader
 * (a meter's content is not read out), so the figure is said once on screen, as the bar's length.
 */
function MatchMeter({ bps }: { bps: number }) {
  const percent = matchPercent(bps);
  const words = matchWords(bps);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a <meter> draws none of its content, and the words are drawn in this one.
    <div
      class="match"
      role="meter"
      aria-label={t('agentCard.matchLabel')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={t('agentCard.matchValue', { match: words, percent: formatMatch(bps) })}
    >
      <span class="match-bar" aria-hidden="true">
        <span style={{ width: `${percent}%` }} />
      </span>
      <span>{words}</span>
    </div>
  );
}
