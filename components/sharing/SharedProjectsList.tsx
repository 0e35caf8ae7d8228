import type { SharedProjectsAnswer } from '@/lib/api/schemas';
import { contributionStateWords } from '@/lib/findings/words';
import { formatAbsolute } from '@/lib/format/time';
import { UntrustedText } from '../common/UntrustedText';

export interface SharedProjectsListProps {
  /** GET /shared-projects, or null before it was read. */
  projects: SharedProjectsAnswer['projects'] | null;
}

/** The member's shared projects and what became of each contribution. */
export function SharedProjectsList({ projects }: SharedProjectsListProps) {
  if (projects === null) return <p role="status">Your shared projects have not been read yet.</p>;
  if (projects.length === 0) return <p>You have not shared a project yet.</p>;
  return (
    <ul aria-label="Your shared projects" class="shared-projects">
      {projects.map((project) => (
        <li key={project.projectId}>
          <UntrustedText value={project.untrustedTitle} empty={project.projectId} class="project-title" />
          <span class="muted">
            {' '}
            · for <UntrustedText value={project.untrustedAgentName} empty={project.agentId} /> ·{' '}
            {contributionStateWords(project.contributionState) ?? 'Not a contribution yet'} · shared {formatAbsolute(project.createdAt)}
          </span>
        </li>
      ))}
    </ul>
  );
}
