import { useId, useState } from 'preact/hooks';
import { UntrustedText } from '@/components/common/UntrustedText';
import type { Finding } from '@/lib/contract/findings';
import { waitingDrafts } from '@/lib/findings/drafts';
import { type FindingActions, FindingItem } from './FindingItem';
import { SignOffButton } from './SignOffButton';
import { t, tn } from '@/lib/i18n';
import { Message } from '@/components/common/Message';
import { Disclosure } from '@/components/common/Disclosure';

interface Props extends FindingActions {
  /** GET /findings, newest first. */
  findings: readonly Finding[];
  siteOrigin: string | null;
  nowMs: number;
}

/**
 * Drafts waiting for sign-off first (one button per draft), then every other finding, newest first. While a
 * draft waits, the others are folded under their count: the first screen is for what waits on the member.
 */
export function FindingsList({ findings, siteOrigin, nowMs, onOpenSource, onOpenSignOff }: Props) {
  const id = useId();
  const [othersOpen, setOthersOpen] = useState(false);
  if (findings.length === 0) return <p class="muted">{t('findings.none')}</p>;
  const drafts = waitingDrafts(findings);
  const others = findings.filter((f) => f.status !== 'in_draft');
  const actions = { onOpenSource, onOpenSignOff };
  return (
    <div class="findings">
      {drafts.length > 0 ? (
        <section aria-labelledby={`${id}-drafts`}>
          <h2 id={`${id}-drafts`}>{t('findings.waitingHeading')}</h2>
          {drafts.map((d, i) => (
            <section key={d.draftKey} class="findings-draft" aria-labelledby={`${id}-draft${i}`}>
              <p id={`${id}-draft${i}`}>
                <Message
                  id="findings.draftFor"
                  count={d.findings.length}
                  parts={{
                    agent: d.agentName ? (
                      <UntrustedText value={d.agentName} empty={d.agentId} name />
                    ) : (
                      t('finding.newAgentUnlisted')
                    ),
                  }}
                />
              </p>
              {d.findings.map((f) => (
                <FindingItem
                  key={f.findingId}
                  finding={f}
                  siteOrigin={siteOrigin}
                  nowMs={nowMs}
                  inDraftGroup
                  {...actions}
                />
              ))}
              {/* After the findings it signs off: the member reads what joins before the button that joins it. */}
              <SignOffButton
                url={d.signOffUrl}
                siteOrigin={siteOrigin}
                expiresAtMs={d.expiresAtMs}
                nowMs={nowMs}
                onOpenSignOff={onOpenSignOff}
              />
            </section>
          ))}
        </section>
      ) : null}
      {others.length > 0 && drafts.length > 0 ? (
        <section aria-label={t('findings.otherFindings')}>
          <Disclosure label={tn('findings.otherCount', others.length)} open={othersOpen} onToggle={setOthersOpen}>
            {others.map((f) => (
              <FindingItem key={f.findingId} finding={f} siteOrigin={siteOrigin} nowMs={nowMs} {...actions} />
            ))}
          </Disclosure>
        </section>
      ) : null}
      {others.length > 0 && drafts.length === 0 ? (
        <section aria-labelledby={`${id}-others`}>
          <h2 id={`${id}-others`}>{t('findings.findings')}</h2>
          {others.map((f) => (
            <FindingItem key={f.findingId} finding={f} siteOrigin={siteOrigin} nowMs={nowMs} {...actions} />
          ))}
        </section>
      ) : null}
    </div>
  );
}
