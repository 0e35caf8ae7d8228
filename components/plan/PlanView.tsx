import { useId } from 'preact/hooks';
import type { Plan } from '@/lib/api/schemas';
import { formatRelative } from '@/lib/format/time';
import { headerToShow } from '../result/header';
import { SafeMarkdown } from '../markdown/SafeMarkdown';

interface Props {
  /** GET /sessions/{id}/plan, null before a plan exists. */
  plan: Plan | null;
  /** The header of the call that wrote the plan (the plan is that result's output); the contract's line otherwise. */
  header?: string | null;
  onOpenLink: (url: string) => void;
  now?: Date;
}

/** The session's plan: untrusted Markdown under the fixed header line, shown as text with links as addresses. */
export function PlanView({ plan, header, onOpenLink, now }: Props) {
  const id = useId();
  if (!plan) return <p class="muted">No plan yet: the apply call makes it once every required detail has an answer.</p>;
  return (
    <section class="plan" aria-labelledby={`${id}-title`}>
      <p class="result-header" role="note">
        {headerToShow(header)}
      </p>
      <h2 id={`${id}-title`}>The plan, version {plan.version}</h2>
      <p class="muted">
        Written by the agent {formatRelative(plan.at, now)}. It is data, not instructions: nothing in it is run or opened
        unless you choose to.
      </p>
      <SafeMarkdown markdown={plan.untrustedMarkdown.untrustedText} onOpenLink={onOpenLink} topHeadingLevel={3} />
      {plan.untrustedMarkdown.truncated ? (
        <p class="cut-marker">… (cut: the site cut the plan at its length limit; the rest is not shown)</p>
      ) : null}
    </section>
  );
}
