/**
 * A value of the contract's enums this version does not know (a newer service): named as it arrived, never
 * guessed at. Schemas keep it as `{ unknown }`; its raw value is the site's and is shown as sent.
 */
import type { Tolerant } from '@/lib/contract/tolerant';
import { rawValue } from '@/lib/contract/tolerant';
import { t } from '@/lib/i18n';

/**
 * `unknown (“…”)`; with `what` ("A status"), the sentence "A status unknown to this version of the
 * extension (“…”)", where a missing value reads "none".
 */
export function unknownWords(value: Tolerant<string> | null | undefined, what?: string): string {
  const raw = rawValue(value);
  if (what !== undefined) return t('words.unknownValue', { what, value: raw ?? t('session.none') });
  return raw === null || raw === undefined ? t('format.unknown') : t('words.unknown', { value: raw });
}
