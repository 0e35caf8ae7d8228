import type { SharedProjectsAnswer } from '@/lib/contract/shares';
import { contributionStateWords } from '@/lib/words/findings';
import { UntrustedText } from '@/components/common/UntrustedText';
import { t } from '@/lib/i18n';
import { Message } from '@/components/common/Message';
import { Time } from '@/components/common/Time';

export interface SharedProjectsListProps {
  /** GET /shared-projects, or null before it was read. */
  projects: SharedProjectsAnswer['projects'] | null;
}

/** The member's shared projects and what became of each contribution. */
export function SharedProjectsList({ projects }: SharedProjectsListProps) {
  if (projects === null) return <p role="status">{t('share.projectsNotRead')}</p>;
  if (projects.length === 0) return <p>{t('share.noProjects')}</p>;
  return (
    <ul aria-label={t('share.yourProjects')} class="shared-projects">
      {projects.map((project) => (
        <li key={project.projectId}>
          <UntrustedText value={project.untrustedTitle} empty={project.projectId} class="project-title" />
          <span class="muted">
            <Message
              id="share.projectLine"
              parts={{
                agent: <UntrustedText value={project.untrustedAgentName} empty={project.agentId} />,
                state: contributionStateWords(project.contributionState) ?? t('share.notContribution'),
                time: <Time iso={project.createdAt} />,
              }}
            />
          </span>
        </li>
      ))}
    </ul>
  );
}
