import type { CalledAgent, RecentSearch } from '@/lib/db/queries';
import { shortenedText } from '@/lib/format/clamp';
import { UntrustedText } from '@/components/common/UntrustedText';
import { Message } from '@/components/common/Message';
import type { ChosenAgent } from '@/components/preview/draft';
import { t } from '@/lib/i18n';

/** A recent search is shown on one line: the whole text is in its title. */
const SEARCH_CHARS = 80;

interface Props {
  /** Recent searches (empty while "Remember my recent searches" is off), newest first. */
  searches: readonly RecentSearch[];
  /** Agents called, newest first (empty while the setting is off). */
  agents: readonly CalledAgent[];
  /** The find shortcut as the browser reports it; '' when none is set, null while read or not known. */
  shortcut: string | null;
  onSearch: (text: string) => void;
  onChoose: (agent: ChosenAgent) => void;
}

/**
 * What Find offers besides its field: the member's recent searches (their own typed text), the agents they
 * called (names from the site: untrusted) and how to search from a page's selection.
 */
export function FindStart({ searches, agents, shortcut, onSearch, onChoose }: Props) {
  return (
    <div class="find-start">
      {searches.length > 0 ? (
        <section aria-labelledby="find-recent-title">
          <h2 id="find-recent-title">{t('find.recentSearches')}</h2>
          <ul class="find-start-list">
            {searches.map((search) => {
              const short = shortenedText(search.text, SEARCH_CHARS);
              return (
                <li key={search.text}>
                  {/* The member's own text, shown as plain text (never HTML). */}
                  <button
                    type="button"
                    class="link-like"
                    title={short === null ? undefined : search.text}
                    onClick={() => onSearch(search.text)}
                  >
                    <span dir="auto">{short ?? search.text}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
      {agents.length > 0 ? (
        <section aria-labelledby="find-called-title">
          <h2 id="find-called-title">{t('find.agentsCalled')}</h2>
          <p class="muted">{t('find.agentsCalledHint')}</p>
          <ul class="find-start-list">
            {agents.map((agent) => (
              <li key={agent.agentId}>
                <button
                  type="button"
                  class="link-like"
                  onClick={() => onChoose({ agentId: agent.agentId, untrustedName: agent.agentName })}
                >
                  <UntrustedText value={agent.agentName} empty={t('agentCard.noName')} name />
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p class="muted find-start-select">
        {shortcut ? (
          <Message id="find.selectHintKey" parts={{ shortcut: <kbd class="verbatim">{shortcut}</kbd> }} />
        ) : (
          t('find.selectHint')
        )}
      </p>
    </div>
  );
}
