import { useId } from 'preact/hooks';
import type { Plan } from '@/lib/contract/sessions';
import { headerToShow } from '@/components/result/header';
import { SafeMarkdown } from '@/components/markdown/SafeMarkdown';
import { formatCount } from '@/lib/format/count';
import { t } from '@/lib/i18n';
import { Message } from '@/components/common/Message';
import { SiteHeader, SiteQuote } from '@/components/common/SiteText';
import { Time } from '@/components/common/Time';

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
  if (!plan) return <p class="muted">{t('plan.none')}</p>;
  return (
    <section class="plan" aria-labelledby={`${id}-title`}>
      <SiteHeader text={headerToShow(header)} />
      <h2 id={`${id}-title`}>{t('plan.heading', { version: formatCount(plan.version) })}</h2>
      <p class="muted">
        <Message id="plan.writtenBy" parts={{ time: <Time iso={plan.at} relative now={now} /> }} />
      </p>
      <SiteQuote class="site-quote-markdown">
        <SafeMarkdown markdown={plan.untrustedMarkdown.untrustedText} onOpenLink={onOpenLink} topHeadingLevel={3} />
      </SiteQuote>
      {plan.untrustedMarkdown.truncated ? <p class="cut-marker">{t('plan.cut')}</p> : null}
    </section>
  );
}
