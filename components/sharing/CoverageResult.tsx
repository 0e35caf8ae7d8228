import type { CoverageAnswer } from '@/lib/contract/shares';
import { formatMatch } from '@/lib/format/count';
import { untrustedString } from '@/lib/safety/untrusted';
import { UntrustedText } from '@/components/common/UntrustedText';
import { t } from '@/lib/i18n';

export interface CoverageResultProps {
  answer: CoverageAnswer;
  /** The member picks an agent to share with; it is preselected in the new draft. */
  onChooseAgent?: (agentId: string) => void;
}

/** The answer of POST /sharing/coverage: whether an agent covers it, and which agents match. */
export function CoverageResult({ answer, onChooseAgent }: CoverageResultProps) {
  return (
    <section aria-label={t('share.coverage.label')} class="coverage">
      <p role="status">{answer.covered ? t('share.coverage.covered') : t('share.coverage.notCovered')}</p>
      {answer.agents.length > 0 ? (
        <ul aria-label={t('share.coverage.matching')}>
          {answer.agents.map((agent) => (
            <li key={agent.agentId}>
              <UntrustedText value={agent.untrustedName} empty={agent.slug} name />
              <span class="muted">
                {' '}
                · <span class="verbatim">{agent.slug}</span> ·{' '}
                {t('share.coverage.match', { match: formatMatch(agent.matchBps) })}
              </span>
              {onChooseAgent ? (
                <>
                  {' '}
                  <button
                    type="button"
                    class="secondary"
                    aria-label={t('share.coverage.shareWithLabel', {
                      agent: untrustedString(agent.untrustedName) || agent.slug,
                    })}
                    onClick={() => onChooseAgent(agent.agentId)}
                  >
                    {t('share.coverage.shareWith')}
                  </button>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
