/**
 * A find's match in words. The contract gives only matchBps, "match to the description", with no bands: the
 * three here are ours, and say how much of the description matched, nothing about the agent's quality.
 */
import { t } from '@/lib/i18n';
import { matchPercent } from '@/lib/format/count';

/** From this share of the description up, a match reads "strong"; from SOME_FROM, "some"; under it, "weak". */
const STRONG_FROM = 60;
const SOME_FROM = 30;

export function matchWords(bps: number): string {
  const percent = matchPercent(bps);
  if (percent >= STRONG_FROM) return t('agentCard.matchStrong');
  if (percent >= SOME_FROM) return t('agentCard.matchSome');
  return t('agentCard.matchWeak');
}
