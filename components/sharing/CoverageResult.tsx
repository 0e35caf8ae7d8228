import type { CoverageAnswer } from '@/lib/api/schemas';
import { formatMatch } from '@/lib/format/count';
import { untrustedString } from '@/lib/safety/untrusted';
import { UntrustedText } from '../common/UntrustedText';

export interface CoverageResultProps {
  answer: CoverageAnswer;
  /** The member picks an agent to share with; it is preselected in the new draft. */
  onChooseAgent?: (agentId: string) => void;
}

/** The answer of POST /sharing/coverage: whether an agent covers it, and which agents match. */
export function CoverageResult({ answer, onChooseAgent }: CoverageResultProps) {
  return (
    <section aria-label="Coverage" class="coverage">
      <p role="status">
        {answer.covered
          ? 'An agent covers this kind of project.'
          : 'No agent covers this kind of project yet.'}
      </p>
      {answer.agents.length > 0 ? (
        <ul aria-label="Matching agents">
          {answer.agents.map((agent) => (
            <li key={agent.agentId}>
              <UntrustedText value={agent.untrustedName} empty={agent.slug} name />
              <span class="muted">
                {' '}
                · {agent.slug} · match {formatMatch(agent.matchBps)}
              </span>
              {onChooseAgent ? (
                <>
                  {' '}
                  <button
                    type="button"
                    class="secondary"
                    aria-label={`Share with ${untrustedString(agent.untrustedName) || agent.slug}`}
                    onClick={() => onChooseAgent(agent.agentId)}
                  >
                    Share with this agent
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
