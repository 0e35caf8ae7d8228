import { readAmount } from '@/lib/contract/tolerant';
// Rewriting a session's request (PUT /sessions/{id}/details, G14): it re-reads the questions while a
// read is left, and is refused with plan_ran once the plan's call ran. pass.canReread is exactly
// "session open and plan call not yet run", so it decides; the site's 409 plan_ran reads the same way.
import type { Questions } from '@/lib/contract/sessions';
import { charCount } from '@/lib/format/chars';
import { formatCount } from '@/lib/format/count';
import { t, tn } from '@/lib/i18n';
import { MAX_DETAILS_CHARS } from '@/lib/contract/limits';

export type RewriteDecision =
  | { send: true; rereads: boolean }
  | { send: false; reason: 'plan_ran' | 'empty' | 'too_long' | 'unchanged' };

export function decideRewrite(questions: Pick<Questions, 'pass' | 'untrustedDetails'>, text: string): RewriteDecision {
  if (!questions.pass.canReread) return { send: false, reason: 'plan_ran' };
  if (text.trim() === '') return { send: false, reason: 'empty' };
  if (charCount(text) > MAX_DETAILS_CHARS) return { send: false, reason: 'too_long' };
  if (
    questions.untrustedDetails &&
    !questions.untrustedDetails.truncated &&
    questions.untrustedDetails.untrustedText === text
  ) {
    return { send: false, reason: 'unchanged' };
  }
  return { send: true, rereads: (readAmount(questions.pass.readsLeft) ?? 0) > 0 };
}

/**
 * What saving a new request does: it is read again (saying how many more times this session can: the one place
 * the reads left are said, since only a rewrite spends one), or, with none left, it goes in as written.
 */
export function rereadWords(pass: Pick<Questions['pass'], 'readsLeft'>): string {
  const left = readAmount(pass.readsLeft);
  if (left === 0) return t('session.rewrite.noReads');
  return left === undefined ? t('session.rewrite.reread') : tn('session.rewrite.rereadsLeft', left);
}

/** Why a new request is not sent (the decision's refusal), in the member's words. */
export function rewriteWords(decision: Extract<RewriteDecision, { send: false }>): string {
  switch (decision.reason) {
    case 'plan_ran':
      return t('session.rewrite.planRan');
    case 'empty':
      return t('session.rewrite.empty');
    case 'too_long':
      return t('session.rewrite.tooLong', { max: formatCount(MAX_DETAILS_CHARS) });
    case 'unchanged':
      return t('session.rewrite.same');
  }
}
