import type { CallResult } from '@/lib/contract/calls';
import { type Amount, isNotRead } from '@/lib/contract/tolerant';
import { tnAmount } from '@/lib/format/amount';
import { formatCents } from '@/lib/format/money';
import { t } from '@/lib/i18n';
import { chargedCents } from './status-line';

/**
 * Micros (a millionth of a dollar) as whole cents, for display only: the contract gives the charge itself in
 * cents (chargedCents, shown as sent) and its two parts in micros, and says nothing of how those round, so
 * each part is shown to the nearest cent and never used to work out what was charged.
 */
function microsToCents(micros: Amount): Amount {
  return isNotRead(micros) ? micros : Math.round(micros / 10_000);
}

/**
 * What a charge was made of, below the checks: the total is on the status line at the top, so this says only
 * its parts (running cost and the site's fee) and the later tries that were not charged. Nothing for a
 * result that charged nothing.
 */
export function ChargeView({ result }: { result: CallResult }) {
  const charge = result.charge;
  if (charge === null || chargedCents(result) === null) return null;
  return (
    <div class="charge">
      <p class="muted">
        {t('charge.breakdown', {
          running: formatCents(microsToCents(charge.runningCostMicros)),
          fee: formatCents(microsToCents(charge.upchargeMicros)),
        })}
      </p>
      {isNotRead(charge.laterTriesNotCharged) || charge.laterTriesNotCharged > 0 ? (
        <p class="muted">{tnAmount('charge.laterTries', charge.laterTriesNotCharged)}</p>
      ) : null}
    </div>
  );
}
