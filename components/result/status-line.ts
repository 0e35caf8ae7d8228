import type { CallResult } from '@/lib/contract/calls';
import { chargedCents } from '@/lib/contract/charged';
import { type Amount, isNotRead, knownValue } from '@/lib/contract/tolerant';
import { formatCents } from '@/lib/format/money';
import { t } from '@/lib/i18n';
import { callStatusWords } from '@/lib/words/values';

/**
 * What a result's charge stands at, as the contract defines it per status: passed is charged (a null or zero
 * charge reads as free, G2), failed is free, returned went back, and a running call holds its limit and has
 * charged nothing yet. Null when an unknown status gives nothing to say.
 */
function chargeWords(result: CallResult, holdCents: Amount | null): string | null {
  const charged = chargedCents(result);
  switch (knownValue(result.status)) {
    case 'in_progress':
    case 'checking':
      return heldWords(holdCents);
    case 'passed':
      return charged !== null ? chargedWords(charged) : t('result.lineFree');
    case 'failed':
      return t('result.lineFree');
    case 'returned':
      return t('result.lineReturned');
    default:
      return charged !== null ? chargedWords(charged) : null;
  }
}

// An amount that could not be read is said in words, never inside "up to … held" (G34).
function heldWords(holdCents: Amount | null): string {
  if (holdCents === null) return t('result.lineNothingYet');
  return isNotRead(holdCents) ? t('result.lineHeldNotRead') : t('result.lineHeld', { amount: formatCents(holdCents) });
}

/** "charged $0.23", or that the charge could not be read. */
function chargedWords(cents: Amount): string {
  return isNotRead(cents) ? t('result.lineChargedNotRead') : t('result.lineCharged', { amount: formatCents(cents) });
}

/** A result's status and charge as one line: "Passed · charged $0.23", "Running · up to $5.00 held". */
export function resultLine(result: CallResult, holdCents: Amount | null): string {
  const status = callStatusWords(result.status);
  const charge = chargeWords(result, holdCents);
  return charge === null ? status : t('result.line', { status, charge });
}
