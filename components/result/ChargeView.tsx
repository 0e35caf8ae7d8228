import type { CallResult } from '@/lib/contract/calls';
import { type Amount, isNotRead } from '@/lib/contract/tolerant';
import { tnAmount } from '@/lib/format/amount';
import { formatCents, formatMicros, MICROS_PER_CENT } from '@/lib/format/money';
import { t } from '@/lib/i18n';
import { chargedCents } from '@/lib/contract/charged';

/**
 * A part of the charge exactly as the contract gives it, in micros (a millionth of a dollar): never rounded to
 * whole cents (4,000 micros is not $0.00, and two parts of 5,000 are not $0.01 each beside a 1-cent charge).
 * A part under a cent reads "under $0.01": six decimals of a dollar say nothing more a member can use.
 */
function partWords(micros: Amount): string {
  if (!isNotRead(micros) && Number.isInteger(micros) && micros > 0 && micros < MICROS_PER_CENT) {
    return t('charge.underCent', { amount: formatCents(1) });
  }
  return formatMicros(micros);
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
          running: partWords(charge.runningCostMicros),
          fee: partWords(charge.upchargeMicros),
        })}
      </p>
      {isNotRead(charge.laterTriesNotCharged) || charge.laterTriesNotCharged > 0 ? (
        <p class="muted">{tnAmount('charge.laterTries', charge.laterTriesNotCharged)}</p>
      ) : null}
    </div>
  );
}
