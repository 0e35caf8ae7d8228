import { formatCents } from './money';

// The limit is what a call may hold and the most it can charge; the contract quotes no price, so
// every sentence about it says so rather than letting the amount read like one.

// What set the limit, in the member's words; null when the call recorded nothing (older calls).
export function limitByWords(limitBy: string | null | undefined): string | null {
  switch (limitBy) {
    case 'credits':
      return 'your spendable credits';
    case 'caller_max':
      return 'your maximum for this call';
    case 'safety_ceiling':
      return "the site's safety ceiling";
    case null:
    case undefined:
      return null;
    default:
      return 'a rule this version of the extension does not know';
  }
}

/** The limit as one fact beside its label ("The most it can hold and charge"): the amount, who set it, not a price. */
export function limitFact(limitCents: number, limitBy: string | null | undefined, locale?: string): string {
  const by = limitByWords(limitBy);
  return `${formatCents(limitCents, locale)}${by ? `, set by ${by}` : ''}; not a price`;
}

export function limitSentence(limitCents: number, limitBy: string | null | undefined, locale?: string): string {
  const by = limitByWords(limitBy);
  const setBy = by ? `, set by ${by}` : '';
  return `The most it can hold and charge: ${formatCents(limitCents, locale)}${setBy}. This is not a price.`;
}
