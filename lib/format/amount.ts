import { type Amount, isNotRead } from '@/lib/contract/tolerant';
import { type PluralKey, t, tn } from '@/lib/i18n';

/** Where a money amount or count the site sent cannot be one (G34): said in that place, never as a number. */
function couldNotRead(): string {
  return t('format.couldNotRead');
}

/** The words for an amount or count, or "could not be read" in their place when it could not be read. */
export function amountWords(value: Amount, words: (n: number) => string): string {
  return isNotRead(value) ? couldNotRead() : words(value);
}

/** A count in its plural message ("3 calls"), or "could not be read" in its place. */
export function tnAmount(key: PluralKey, value: Amount): string {
  return amountWords(value, (n) => tn(key, n));
}
