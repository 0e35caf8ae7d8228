import { formatCents } from './money';
import { t } from '@/lib/i18n';
import type { Amount } from '@/lib/contract/tolerant';

// The limit is what a call may hold and the most it can charge; the contract quotes no price, so
// every sentence about it says so rather than letting the amount read like one.

// What set the limit, in the member's words; null when the call recorded nothing (older calls).
export function limitByWords(limitBy: string | null | undefined): string | null {
  switch (limitBy) {
    case 'credits':
      return t('format.limitBy.credits');
    case 'caller_max':
      return t('format.limitBy.callerMax');
    case 'safety_ceiling':
      return t('format.limitBy.safetyCeiling');
    case null:
    case undefined:
      return null;
    default:
      return t('format.limitBy.unknown');
  }
}

export function limitSentence(limitCents: Amount, limitBy: string | null | undefined, locale?: string): string {
  const by = limitByWords(limitBy);
  const amount = formatCents(limitCents, locale);
  return by ? t('format.limitSentenceBy', { amount, by }) : t('format.limitSentence', { amount });
}
