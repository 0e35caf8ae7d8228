import type { Amount } from '@/lib/contract/tolerant';
import { readAmount } from '@/lib/contract/tolerant';
import { formatCents } from '@/lib/format/money';

/**
 * What a start button names as held ("Start · holds up to $25.00"), from the preview on screen; null when
 * there is no preview or its limit could not be read (G34): the button then keeps its plain words, never
 * "holds up to could not be read".
 */
export function holdLabel(preview: { limitCents: Amount } | null | undefined): { limit: string } | null {
  const cents = preview ? readAmount(preview.limitCents) : undefined;
  return cents === undefined ? null : { limit: formatCents(cents) };
}
