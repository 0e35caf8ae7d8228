import type { Preview } from '@/lib/api/schemas';
import { formatCount } from '@/lib/format/count';
import { limitFact } from '@/lib/format/limit';
import { formatCents } from '@/lib/format/money';
import { rawValue } from '@/lib/api/tolerant';
import { UntrustedText } from '../common/UntrustedText';
import { approvalReasonWords } from '../common/words';
import { SiteText } from '../common/SiteText';

/** The preview before anything runs: the site's sentence as it is, the limit (never a price), counts. */
export function PreviewDetails({ preview }: { preview: Preview }) {
  const gate = preview.gate;
  return (
    <section class="preview" aria-labelledby="preview-title">
      <h2 id="preview-title">
        Before it runs: <UntrustedText value={preview.untrustedName} empty={preview.callId} name />
        {preview.isNew ? <span class="badge">New</span> : null}
      </h2>
      {/* The site's own line, verbatim; then the limit, once. */}
      <p class="sentence" dir="auto">
        <SiteText text={preview.sentence} />
      </p>
      <dl class="facts">
        <dt>The most it can hold and charge</dt>
        <dd class="limit">{limitFact(preview.limitCents, rawValue(preview.limitBy))}</dd>
        <dt>Spendable credits</dt>
        <dd>{formatCents(preview.spendableCents)}</dd>
        <dt>Sessions without asking (24 hours)</dt>
        <dd>
          {formatCount(preview.today.sessionsUsed)} of {formatCount(preview.today.sessionsAllowed)} used
        </dd>
        <dt>Calls without asking (24 hours)</dt>
        <dd>
          {formatCount(preview.today.callsUsed)} of {formatCount(preview.today.callsAllowed)} used
        </dd>
      </dl>
      {preview.needsApproval ? (
        <p class="notice">
          <strong>Needs your approval. </strong>
          {preview.approvalLine ? <SiteText text={preview.approvalLine} /> : approvalReasonWords(preview.approvalReason)}
        </p>
      ) : null}
      {preview.refusal ? (
        <p class="notice notice-error">
          <strong>The site says it would be refused: </strong>
          <SiteText text={preview.refusal} />
        </p>
      ) : null}
      {gate && !gate.ready ? (
        <div class="notice">
          <p>It waits for these details before it can run:</p>
          <ul aria-label="Details the agent waits for">
            {gate.missing.map((item) => (
              <li key={item.key}>
                <UntrustedText value={item.untrustedDetail} empty={item.key} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p class="muted privacy">
        <strong>Privacy:</strong> <SiteText text={preview.privacyLine} />
      </p>
    </section>
  );
}
