import { Fragment } from 'preact';
import { useId } from 'preact/hooks';
import { UntrustedText } from '@/components/common/UntrustedText';
import type { Finding } from '@/lib/contract/findings';
import { draftExpiresAtMs } from '@/lib/findings/expiry';
import { contributionStateWords, findingKindWords, findingStatusWords, sourceKindWords } from '@/lib/words/findings';
import { asUntrusted, cleanForDisplay } from '@/lib/safety/untrusted';
import { isHttpUrl } from '@/lib/safety/urls';
import { SignOffButton } from './SignOffButton';
import { t } from '@/lib/i18n';
import { Message } from '@/components/common/Message';
import { SiteText } from '@/components/common/SiteText';
import { Time } from '@/components/common/Time';

export interface FindingActions {
  /** An http or https source address, on the member's click. */
  onOpenSource: (url: string) => void;
  /** The sign-off page (checked to be the member's page on the site), on the member's click. */
  onOpenSignOff: (url: string) => void;
}

interface Props extends FindingActions {
  finding: Finding;
  /** The site's origin: a sign-off page elsewhere is never offered. Null when not connected. */
  siteOrigin: string | null;
  nowMs: number;
  /** The finding is shown inside its draft, which carries the sign-off button; none here then. */
  inDraftGroup?: boolean;
  /** Expiry of its draft (from all the draft's findings); estimated from this finding alone otherwise. */
  draftExpiresAt?: number;
}

/**
 * One finding, every untrusted field as text; the source and sign-off open only on the member's click. Its
 * topic and takeaway are the site's words, drawn as the site's: the topic quoted in our heading, the takeaway
 * behind the site's rule (named "From the site" for assistive technology, as the session's choices are: shown,
 * the label would repeat on every finding under a quoted topic that already says whose words these are).
 * A fact the site did not give (no date, no source) is left out rather than said to be missing.
 */
export function FindingItem({
  finding: f,
  siteOrigin,
  nowMs,
  inDraftGroup = false,
  draftExpiresAt,
  onOpenSource,
  onOpenSignOff,
}: Props) {
  const id = useId();
  const contribution = contributionStateWords(f.contributionState);
  // Filed with the agent it came from: the name is said once. Inside its draft, the draft's heading names
  // the agent it is filed with, so the agent it came from is said only when it is another.
  const fromItsOwnAgent = f.filedWith !== null && !f.filedWith.newAgent && f.filedWith.agentId === f.agentId;
  const filedWithFrom = !inDraftGroup && fromItsOwnAgent;
  const showFrom = !(inDraftGroup && fromItsOwnAgent);
  return (
    <article class="finding" aria-labelledby={`${id}-topic`}>
      <h3 id={`${id}-topic`}>
        <span class="badge">{findingKindWords(f.kind)}</span>{' '}
        <UntrustedText value={f.untrustedTopic} empty={t('finding.noTopic')} site />
      </h3>
      <div class="site-quote finding-takeaway" role="note" aria-label={t('siteText.from')}>
        <UntrustedText value={f.untrustedTakeaway} block />
      </div>
      <dl class="finding-facts">
        {/* Inside its draft the heading over it ("Waiting for your sign-off") is its status. */}
        {inDraftGroup ? null : (
          <>
            <dt>{t('history.status')}</dt>
            <dd>{findingStatusWords(f.status)}</dd>
          </>
        )}
        {f.reason ? (
          <>
            <dt>{t('finding.whatHappened')}</dt>
            <dd>
              <SiteText text={cleanForDisplay(f.reason)} />
            </dd>
          </>
        ) : null}
        {contribution ? (
          <>
            <dt>{t('finding.asContribution')}</dt>
            <dd>{contribution}</dd>
          </>
        ) : null}
        {showFrom ? (
          <>
            <dt>{filedWithFrom ? t('finding.fromAndFiledWith') : t('finding.from')}</dt>
            <dd>
              <UntrustedText value={f.untrustedAgentName} empty={f.agentId} name />
            </dd>
          </>
        ) : null}
        {f.filedWith && !filedWithFrom && !inDraftGroup ? (
          <>
            <dt>{t('finding.filedWith')}</dt>
            <dd>
              {f.filedWith.untrustedName ? (
                <UntrustedText value={f.filedWith.untrustedName} empty={f.filedWith.agentId} name />
              ) : (
                t('finding.newAgentUnlisted')
              )}
              {f.filedWith.newAgent && f.filedWith.untrustedName ? t('finding.newAgent') : null}
            </dd>
          </>
        ) : null}
        {f.learnedAt ? (
          <>
            <dt>{t('finding.learned')}</dt>
            <dd>
              <Time iso={f.learnedAt} day />
            </dd>
          </>
        ) : null}
        {f.untrustedAppliesTo.length > 0 ? (
          <>
            <dt>{t('finding.appliesTo')}</dt>
            <dd>
              <ul class="applies-to">
                {f.untrustedAppliesTo.map((v, i) => (
                  <li key={i}>
                    <UntrustedText value={asUntrusted(v)} />
                  </li>
                ))}
              </ul>
            </dd>
          </>
        ) : null}
        {f.source ? (
          <>
            <dt>{t('finding.source')}</dt>
            <dd>
              <SourceLine source={f.source} onOpenSource={onOpenSource} />
            </dd>
          </>
        ) : null}
        {/* Inside its draft, the time left to sign off under the draft says what its age would. */}
        {inDraftGroup ? null : (
          <>
            <dt>{t('finding.kept')}</dt>
            <dd>
              <Time iso={f.createdAt} relative now={new Date(nowMs)} />
            </dd>
          </>
        )}
      </dl>
      {f.status === 'in_draft' && !inDraftGroup ? (
        <SignOffButton
          url={f.signOffUrl}
          siteOrigin={siteOrigin}
          expiresAtMs={draftExpiresAt ?? draftExpiresAtMs([f])}
          nowMs={nowMs}
          onOpenSignOff={onOpenSignOff}
        />
      ) : null}
    </article>
  );
}

function SourceLine({
  source,
  onOpenSource,
}: {
  source: NonNullable<Finding['source']>;
  onOpenSource: (url: string) => void;
}) {
  const raw = source.untrustedUrl.trim();
  const http = isHttpUrl(raw);
  // What opens is the parsed address (host in punycode), so that is what the member reads.
  const shown = http ? new URL(raw).href : cleanForDisplay(raw);
  return (
    <>
      <Message
        id="finding.sourceLine"
        parts={{
          kind: sourceKindWords(source.kind),
          // A web address reads left to right in every language: one isolated run, or an Arabic line
          // would put its host after its path.
          url: http ? (
            <span class="url" dir="ltr">
              <WebAddress href={shown} />
            </span>
          ) : (
            <span class="url verbatim">{shown}</span>
          ),
        }}
      />
      {http ? (
        // On a line of its own under the address, which wraps where it must.
        <div class="source-open">
          <button
            type="button"
            class="secondary"
            aria-label={t('finding.openSourceLabel', { url: shown })}
            onClick={() => onOpenSource(shown)}
          >
            {t('finding.openSource')}
          </button>
        </div>
      ) : (
        <span class="muted">{t('finding.notWeb')}</span>
      )}
    </>
  );
}

/**
 * A web address as a member reads one: its host first and in full weight, "https://" left out (a plain
 * "http://" is said), the path quiet, and a line break allowed only after a "/" so no word is cut in two.
 */
function WebAddress({ href }: { href: string }) {
  const url = new URL(href);
  const scheme = url.protocol === 'https:' ? '' : `${url.protocol}//`;
  const rest = `${url.pathname === '/' ? '' : url.pathname}${url.search}${url.hash}`;
  const pieces = rest.split(/(?<=\/)/);
  return (
    <>
      <span class="url-host">
        {scheme}
        {url.host}
      </span>
      <span class="url-rest">
        {/* The pieces of one fixed address, never reordered: their places are their keys. */}
        {pieces.map((piece, i) => (
          <Fragment key={i}>
            {i > 0 ? <wbr /> : null}
            {piece}
          </Fragment>
        ))}
      </span>
    </>
  );
}
