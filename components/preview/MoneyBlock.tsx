import type { Preview } from '@/lib/contract/calls';
import { isNotRead, rawValue } from '@/lib/contract/tolerant';
import { formatCents } from '@/lib/format/money';
import { limitByWords } from '@/lib/format/limit';
import { approvalReasonWords } from '@/lib/words/values';
import { SiteQuote, SiteText } from '@/components/common/SiteText';
import { Message } from '@/components/common/Message';
import { t } from '@/lib/i18n';
import { useAgentCharges } from './useAgentCharges';

/**
 * The money of a call before it starts, one quiet box, the same on every confirmation: what it holds (the
 * limit, said once, with what set it when not the member's credits) of what the member can spend, the site's
 * sentence as the site wrote it, the approval it waits for, and what this member's own earlier calls to the
 * agent were charged (their receipts from this browser, never a price: the contract quotes none).
 */
export function MoneyBlock({ preview }: { preview: Preview }) {
  const limitBy = rawValue(preview.limitBy);
  const charges = useAgentCharges(preview.agentId);
  const limit = <strong class="limit nowrap">{formatCents(preview.limitCents)}</strong>;
  const spendable = <strong class="nowrap">{formatCents(preview.spendableCents)}</strong>;
  return (
    // A named group, not a region: a view may hold two (a session's next steps), and landmarks must be unique.
    // biome-ignore lint/a11y/useSemanticElements: facts to read, not form controls, so not a <fieldset>.
    <div class="money-block" role="group" aria-label={t('money.label')}>
      <p class="limit-line">
        {isNotRead(preview.limitCents) ? (
          // A limit that cannot be one (G34) is said so, never inside "Holds up to …".
          <Message id="money.holdsNotRead" parts={{ spendable }} />
        ) : limitBy === 'credits' ? (
          <Message id="money.holds" parts={{ limit, spendable }} />
        ) : (
          <Message
            id="money.holdsBy"
            parts={{ limit, spendable, by: limitByWords(limitBy) ?? t('format.limitBy.unknown') }}
          />
        )}
      </p>
      {/* The site's own line, verbatim and quoted. */}
      <SiteQuote class="sentence" text={preview.sentence} />
      {preview.needsApproval ? (
        <p class="approval-line">
          <strong>{t('money.needsApproval')}</strong>
          {preview.approvalLine ? (
            <SiteText text={preview.approvalLine} />
          ) : (
            approvalReasonWords(preview.approvalReason)
          )}
        </p>
      ) : null}
      {charges.length > 0 ? <OwnHistory charges={charges} /> : null}
    </div>
  );
}

/** The member's own receipts from this agent: the lowest to the highest of the latest, labelled as theirs. */
function OwnHistory({ charges }: { charges: number[] }) {
  const low = Math.min(...charges);
  const high = Math.max(...charges);
  const range = low === high ? formatCents(low) : t('money.range', { low: formatCents(low), high: formatCents(high) });
  return (
    <p class="muted own-history">
      <Message id="money.history" count={charges.length} parts={{ range: <span class="nowrap">{range}</span> }} />
    </p>
  );
}
