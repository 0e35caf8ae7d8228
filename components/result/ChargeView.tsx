import type { CallResult } from '@/lib/api/schemas';
import { formatCents, formatMicros } from '@/lib/format/money';
import { knownValue } from '@/lib/api/tolerant';
import { t, tn } from '@/lib/i18n';
import { Message } from '@/components/common/Message';

/** What the call cost: charged only when it passed its checks; null or zero reads as free (G2). */
export function ChargeView({ result, holdCents }: { result: CallResult; holdCents: number | null }) {
  const status = knownValue(result.status);
  const charge = result.charge;
  if (status === 'in_progress' || status === 'checking') {
    return (
      <p class="charge">
        {holdCents !== null ? t('charge.nothingYetHeld', { amount: formatCents(holdCents) }) : t('charge.nothingYet')}
      </p>
    );
  }
  if (charge === null || charge.chargedCents === 0) {
    return <p class="charge">{t('charge.free')}</p>;
  }
  return (
    <div class="charge">
      <p>
        <Message
          id="charge.charged"
          parts={{
            charged: <strong>{formatCents(charge.chargedCents)}</strong>,
            running: formatMicros(charge.runningCostMicros),
            upcharge: formatMicros(charge.upchargeMicros),
          }}
        />
      </p>
      {charge.laterTriesNotCharged > 0 ? (
        <p class="muted">{tn('charge.laterTries', charge.laterTriesNotCharged)}</p>
      ) : null}
    </div>
  );
}
