import type { Preview } from '@/lib/api/schemas';
import { formatCount } from '@/lib/format/count';
import { limitFact } from '@/lib/format/limit';
import { formatCents } from '@/lib/format/money';
import { rawValue } from '@/lib/api/tolerant';
import { UntrustedText } from '@/components/common/UntrustedText';
import { approvalReasonWords } from '@/lib/words/values';
import { SiteText } from '@/components/common/SiteText';
import { t } from '@/lib/i18n';
import { Message } from '@/components/common/Message';

/** The preview before anything runs: the site's sentence as it is, the limit (never a price), counts. */
export function PreviewDetails({ preview }: { preview: Preview }) {
  const gate = preview.gate;
  return (
    <section class="preview" aria-labelledby="preview-title">
      <h2 id="preview-title">
        <Message
          id="preview.beforeItRuns"
          parts={{ name: <UntrustedText value={preview.untrustedName} empty={preview.callId} name /> }}
        />
        {preview.isNew ? <span class="badge">{t('preview.new')}</span> : null}
      </h2>
      {/* The site's own line, verbatim; then the limit, once. */}
      <p class="sentence" dir="auto">
        <SiteText text={preview.sentence} />
      </p>
      <dl class="facts">
        <dt>{t('preview.mostItCanHold')}</dt>
        <dd class="limit">{limitFact(preview.limitCents, rawValue(preview.limitBy))}</dd>
        <dt>{t('preview.spendable')}</dt>
        <dd>{formatCents(preview.spendableCents)}</dd>
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
      {preview.needsApproval ? (
        <p class="notice">
          <strong>{t('preview.needsApproval')}</strong>
          {preview.approvalLine ? (
            <SiteText text={preview.approvalLine} />
          ) : (
            approvalReasonWords(preview.approvalReason)
          )}
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
      <p class="muted privacy">
        <strong>{t('preview.privacy')}</strong> <SiteText text={preview.privacyLine} />
      </p>
    </section>
  );
}
