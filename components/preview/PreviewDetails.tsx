import type { Preview } from '@/lib/contract/calls';
import { formatCount } from '@/lib/format/count';
import { siteHomeUrl } from '@/lib/safety/urls';
import { SitePageButton } from '@/components/common/SitePageButton';
import { useSite } from '@/components/common/site';
import { rawValue } from '@/lib/contract/tolerant';
import { UntrustedText } from '@/components/common/UntrustedText';
import { SiteText } from '@/components/common/SiteText';
import { MoneyBlock } from './MoneyBlock';
import { t } from '@/lib/i18n';
import { Message } from '@/components/common/Message';
import { ownCallKindWords } from '@/lib/words/values';

/**
 * The preview's decision part, on the first screen: the money block (the limit said once beside what the member
 * can spend, never a price; the site's sentence quoted; the approval), then the refusal or gate when they
 * apply. The counts are in PreviewLimits, one click away.
 */
export function PreviewDetails({ preview }: { preview: Preview }) {
  const gate = preview.gate;
  const limitBy = rawValue(preview.limitBy);
  const site = useSite();
  return (
    <section class="preview" aria-labelledby="preview-title">
      {/* Read out, not drawn: the kind of call was just chosen above, and the money box says what it holds. */}
      <h2 id="preview-title" class="visually-hidden">
        <Message
          id="preview.beforeItRuns"
          // The kind of call is ours to word, in the member's language; only a site's own call keeps its name.
          parts={{
            name: ownCallKindWords(preview.callId) ?? (
              <UntrustedText value={preview.untrustedName} empty={preview.callId} name />
            ),
          }}
        />
      </h2>
      {preview.isNew ? (
        <p class="preview-new">
          <span class="badge">{t('agentCard.new')}</span>
        </p>
      ) : null}
      <MoneyBlock preview={preview} />
      {limitBy === 'credits' ? (
        <p class="notice">
          {t('preview.creditsSetLimit')}{' '}
          <SitePageButton url={site ? siteHomeUrl(site.origin) : null}>{t('refusal.topUp')}</SitePageButton>
        </p>
      ) : null}
      {preview.refusal ? (
        <p class="notice notice-error">
          <strong>{t('preview.wouldBeRefused')}</strong>
          <SiteText text={preview.refusal} />
        </p>
      ) : null}
      {gate && !gate.ready ? (
        <div class="notice">
          <p>{t('preview.waitsForDetails')}</p>
          <ul aria-label={t('preview.detailsWaitedFor')}>
            {gate.missing.map((item) => (
              <li key={item.key}>
                <UntrustedText value={item.untrustedDetail} empty={item.key} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/** The member's counts today, shown on demand under the start button (spendable credits are beside the limit). */
export function PreviewLimits({ preview }: { preview: Preview }) {
  return (
    <dl class="facts">
      <dt>{t('preview.sessionsWithoutAsking')}</dt>
      <dd>
        {t('preview.usedOf', {
          used: formatCount(preview.today.sessionsUsed),
          allowed: formatCount(preview.today.sessionsAllowed),
        })}
      </dd>
      <dt>{t('preview.callsWithoutAsking')}</dt>
      <dd>
        {t('preview.usedOf', {
          used: formatCount(preview.today.callsUsed),
          allowed: formatCount(preview.today.callsAllowed),
        })}
      </dd>
    </dl>
  );
}

/** Who receives the call's details, in the site's words. */
export function PrivacyLine({ preview }: { preview: Preview }) {
  return (
    <p class="muted privacy">
      <strong>{t('preview.privacy')}</strong> <SiteText text={preview.privacyLine} />
    </p>
  );
}
