import type { CallResult } from '@/lib/api/schemas';
import { plural } from '@/lib/format/count';
import { formatCents, formatMicros } from '@/lib/format/money';
import { knownValue } from '@/lib/api/tolerant';

/** What the call cost: charged only when it passed its checks; null or zero reads as free (G2). */
export function ChargeView({ result, holdCents }: { result: CallResult; holdCents: number | null }) {
  const status = knownValue(result.status);
  const charge = result.charge;
  if (status === 'in_progress' || status === 'checking') {
    return (
      <p class="charge">
        Nothing charged yet.
        {holdCents !== null ? ` Held while it runs: ${formatCents(holdCents)} (the most it can charge, not a price).` : ''}
      </p>
    );
  }
  if (charge === null || charge.chargedCents === 0) {
    return <p class="charge">Free: nothing was charged for this call.</p>;
  }
  return (
    <div class="charge">
      <p>
        Charged <strong>{formatCents(charge.chargedCents)}</strong>: running cost {formatMicros(charge.runningCostMicros)} plus
        upcharge {formatMicros(charge.upchargeMicros)}.
      </p>
      {charge.laterTriesNotCharged > 0 ? (
        <p class="muted">{plural(charge.laterTriesNotCharged, 'later try was', 'later tries were')} not charged.</p>
      ) : null}
    </div>
  );
}
