import type { MemberError } from '@/lib/db/member-error';
import { connectionPageUrl, siteHomeUrl } from '@/lib/safety/urls';
import { SiteMessage } from '@/components/common/SiteMessage';
import { SitePageButton } from '@/components/common/SitePageButton';
import { useSite } from '@/components/common/site';
import { UntrustedText } from '@/components/common/UntrustedText';
import { switchName } from '@/lib/words/values';
import { ApprovalWait } from './ApprovalWait';
import { t } from '@/lib/i18n';
import { Message } from '@/components/common/Message';
import { SiteText } from '@/components/common/SiteText';
import { Time } from '@/components/common/Time';
import { useErrorText } from '@/components/common/error-text';

interface Props {
  error: MemberError;
  /** The preview's sentence for the member when the call needs approval. */
  approvalLine?: string | null;
}

/** A refused POST /calls: the member's words, then what to do next for that refusal. */
export function RefusalView({ error, approvalLine }: Props) {
  const text = useErrorText(error);
  return (
    <section role="alert" class="notice notice-error refusal" aria-label={t('refusal.label')}>
      <p>
        <strong>{t('refusal.notStarted')}</strong>
        {text}
      </p>
      <SiteMessage error={error} />
      <NextStep error={error} approvalLine={approvalLine ?? null} />
      <small class="muted code verbatim">({error.code})</small>
    </section>
  );
}

function NextStep({ error, approvalLine }: { error: MemberError; approvalLine: string | null }) {
  const site = useSite();
  const extras = error.extras;
  const settings = site ? connectionPageUrl(site.origin, site.connectionId) : null;
  switch (error.code) {
    case 'short':
      if (extras.reason === 'held') {
        return <p>{t('refusal.overLimit')}</p>;
      }
      return (
        <p>
          {t('refusal.topUpThen')}{' '}
          {extras.topUpUrl ? (
            <SitePageButton url={extras.topUpUrl}>{t('refusal.topUp')}</SitePageButton>
          ) : (
            // The site named no top-up page: its home page, never an address we guessed.
            <SitePageButton url={site ? siteHomeUrl(site.origin) : null}>{t('refusal.topUp')}</SitePageButton>
          )}
        </p>
      );
    case 'over_max':
      return <p>{t('refusal.overMax')}</p>;
    case 'details_missing':
      return (
        <div>
          <p>{t('refusal.detailsMissing')}</p>
          <ul aria-label={t('refusal.missingDetails')}>
            {(extras.missing ?? []).map((item) => (
              <li key={item.key}>
                <UntrustedText value={item.untrustedDetail} empty={item.key} />
              </li>
            ))}
          </ul>
        </div>
      );
    case 'invalid_answers':
      return (
        <div>
          <p>{t('refusal.changeAnswers')}</p>
          <ul aria-label={t('refusal.answersNotFitting')}>
            {(extras.problems ?? []).map((p) => (
              <li key={`${p.key}:${p.problem}`}>
                <code class="verbatim">{p.key}</code>: <SiteText text={p.problem} />
              </li>
            ))}
          </ul>
        </div>
      );
    case 'session_closed':
      return <p>{t('refusal.sessionClosed')}</p>;
    case 'agent_unavailable':
      return <p>{t('refusal.agentUnavailable')}</p>;
    case 'approval_not_usable':
      return <p>{t('refusal.approvalNotUsable')}</p>;
    case 'switched_off':
      return (
        <p>
          <Message id="refusal.theSwitch" parts={{ switch: <strong>{switchName(extras.reason)}</strong> }} />{' '}
          <SitePageButton url={settings}>{t('refusal.changeSwitch')}</SitePageButton>
        </p>
      );
    case 'agent_blocked':
      return (
        <p>
          <SitePageButton url={settings}>{t('refusal.allowAgent')}</SitePageButton>
        </p>
      );
    case 'findings_off':
      return (
        <p>
          {t('refusal.findingsOff')} <SitePageButton url={settings}>{t('refusal.changeFindings')}</SitePageButton>
        </p>
      );
    case 'over_limit':
      return <p>{t('refusal.overLimit')}</p>;
    case 'failed_calls':
      return (
        <p>
          {extras.until ? (
            <Message id="refusal.failedCallsUntil" parts={{ time: <Time iso={extras.until} /> }} />
          ) : (
            t('refusal.failedCalls')
          )}
        </p>
      );
    case 'secret_in_details':
      return <p>{t('refusal.secretInDetails')}</p>;
    case 'needs_approval':
      return (
        <ApprovalWait
          approvalUrl={extras.approvalUrl ?? null}
          approvalLine={approvalLine}
          reason={extras.reason ?? null}
        />
      );
    default:
      return null;
  }
}
