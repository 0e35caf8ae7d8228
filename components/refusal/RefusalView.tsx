import type { MemberError } from '@/lib/db/types';
import { formatAbsolute } from '@/lib/format/time';
import { connectionPageUrl, siteHomeUrl } from '@/lib/safety/urls';
import { SiteMessage } from '../common/SiteMessage';
import { SitePageButton } from '../common/SitePageButton';
import { useSite } from '../common/site';
import { UntrustedText } from '../common/UntrustedText';
import { switchName } from '../common/words';
import { ApprovalWait } from './ApprovalWait';

interface Props {
  error: MemberError;
  /** The preview's sentence for the member when the call needs approval. */
  approvalLine?: string | null;
}

/** A refused POST /calls: the member's words, then what to do next for that refusal. */
export function RefusalView({ error, approvalLine }: Props) {
  return (
    <section role="alert" class="notice notice-error refusal" aria-label="Refused">
      <p>
        <strong>Not started. </strong>
        {error.message}
      </p>
      <SiteMessage error={error} />
      <NextStep error={error} approvalLine={approvalLine ?? null} />
      <small class="muted code">({error.code})</small>
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
        return <p>Wait for the running call to end, then start this one again.</p>;
      }
      return (
        <p>
          Top up your credits on the site, then start again.{' '}
          {extras.topUpUrl ? (
            <SitePageButton url={extras.topUpUrl}>Top up on the site</SitePageButton>
          ) : (
            // The site named no top-up page: its home page, never an address we guessed.
            <SitePageButton url={site ? siteHomeUrl(site.origin) : null}>Open the site to top up</SitePageButton>
          )}
        </p>
      );
    case 'over_max':
      return <p>Raise “spend at most”, or leave it empty so your credits set the limit, and start again.</p>;
    case 'details_missing':
      return (
        <div>
          <p>The agent waits for these details. Add them to the details and start again:</p>
          <ul aria-label="Missing details">
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
          <p>Change these answers and start again:</p>
          <ul aria-label="Answers that do not fit">
            {(extras.problems ?? []).map((p) => (
              <li key={`${p.key}:${p.problem}`}>
                <code>{p.key}</code>: {p.problem}
              </li>
            ))}
          </ul>
        </div>
      );
    case 'session_closed':
      return <p>Start again in a new session: choose the agent again from your find.</p>;
    case 'agent_unavailable':
      return <p>Choose another agent, or another kind of call.</p>;
    case 'approval_not_usable':
      return <p>Start the call again to ask for a new approval.</p>;
    case 'switched_off':
      return (
        <p>
          The switch: <strong>{switchName(extras.reason)}</strong>.{' '}
          <SitePageButton url={settings}>Change it on your connection page</SitePageButton>
        </p>
      );
    case 'agent_blocked':
      return (
        <p>
          <SitePageButton url={settings}>Allow this agent on your connection page</SitePageButton>
        </p>
      );
    case 'findings_off':
      return (
        <p>
          Choose “ask this agent anyway”, or let the connection keep findings.{' '}
          <SitePageButton url={settings}>Change the findings choice on the site</SitePageButton>
        </p>
      );
    case 'over_limit':
      return <p>Wait until a running call ends, then start again.</p>;
    case 'failed_calls':
      return <p>Wait{extras.until ? ` until ${formatAbsolute(extras.until)}` : ' a while'}, or choose another agent.</p>;
    case 'secret_in_details':
      return <p>Remove keys, passwords and tokens from the details (and files), then start again. Your text is kept below.</p>;
    case 'needs_approval':
      return <ApprovalWait approvalUrl={extras.approvalUrl ?? null} approvalLine={approvalLine} reason={extras.reason ?? null} />;
    default:
      return null;
  }
}
