/**
 * Text for POST /find: trimmed, at most 2000 characters cut on a word boundary (the member is told), at least
 * 3 characters. Characters are counted as code points (G19), like the client's limits. Direction controls are
 * removed first, so what the member sees of a page's selection is what is sent.
 */
import type { MemberError } from '@/lib/db';
import { localError } from '@/lib/protocol/envelope';
import { withoutDirectionControls } from '@/lib/safety/direction-controls';
import { t } from '@/lib/i18n';
import { MAX_FIND_DESCRIPTION_CHARS } from '@/lib/contract/limits';

export const FIND_MIN_CHARS = 3;

export type PreparedText = { ok: true; text: string; cut: boolean } | { ok: false; text: string; error: MemberError };

export function prepareFindText(raw: string): PreparedText {
  const text = withoutDirectionControls(raw).trim();
  const points = Array.from(text);
  if (points.length < FIND_MIN_CHARS) {
    return {
      ok: false,
      text,
      error: localError('selection_too_short', t('background.selectionTooShort', { min: FIND_MIN_CHARS }), {
        kind: 'fix_request',
        fields: ['text'],
      }),
    };
  }
  if (points.length <= MAX_FIND_DESCRIPTION_CHARS) return { ok: true, text, cut: false };
  // Cut at the last whitespace within the limit; a text without any (one very long word) is cut hard.
  const head = points.slice(0, MAX_FIND_DESCRIPTION_CHARS);
  const nextIsSpace = /\s/u.test(points[MAX_FIND_DESCRIPTION_CHARS] ?? '');
  let end = head.length;
  if (!nextIsSpace) {
    let i = head.length - 1;
    while (i > 0 && !/\s/u.test(head[i] ?? '')) i--;
    if (i > 0) end = i;
  }
  const atWord = head.slice(0, end).join('').trimEnd();
  const cutText = Array.from(atWord).length >= FIND_MIN_CHARS ? atWord : head.join('');
  return { ok: true, text: cutText, cut: true };
}
