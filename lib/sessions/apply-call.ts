// Whether an apply call may be sent from the panel now, decided locally before anything is sent, so
// the member reads what is missing instead of meeting a refusal (contract, POST /calls rules 3 and 4).
// The site judges again; its refusals (409 details_missing, 400 invalid_input) read the same way.
import type { MissingDetail } from '@/lib/contract/calls';
import type { Session } from '@/lib/contract/sessions';
import type { AnswerInput } from '@/lib/contract/calls';
import { charCount } from '@/lib/format/chars';
import { gateView } from './gate';
import { planResultExists } from './plan-revision';
import { formatCount } from '@/lib/format/count';
import { t, tn } from '@/lib/i18n';
import { MAX_DETAILS_CHARS, MAX_FILES_PER_CALL, MAX_QUESTION_CHARS } from '@/lib/contract/limits';

export interface ApplyCallDraft {
  /** Details, or after the plan passed: what to change or ask about the plan. */
  details: string;
  question?: string | null;
  fileIds?: readonly string[];
  /** Answers that fit their questions (answer-draft's draftsToSend), sent with the call. */
  answers?: Readonly<Record<string, AnswerInput>>;
}

export type ApplyRefusal =
  | { reason: 'session_closed' }
  | { reason: 'details_missing'; missing: MissingDetail[] }
  | { reason: 'revision_empty' }
  | { reason: 'details_too_long'; chars: number }
  | { reason: 'question_too_long'; chars: number }
  | { reason: 'too_many_files'; files: number };

export type ApplyDecision =
  | { send: true; revisesPlan: boolean; answers: Record<string, AnswerInput> }
  | ({ send: false } & ApplyRefusal);

/**
 * `session` is null for the first call of a new session: no gate is known yet, so the call goes and
 * the site answers 409 details_missing when it must wait.
 */
export function decideApplyCall(
  session: Pick<Session, 'status' | 'questions' | 'results'> | null,
  draft: ApplyCallDraft,
): ApplyDecision {
  const answers = { ...(draft.answers ?? {}) };
  const details = draft.details.trim();
  const question = (draft.question ?? '').trim();
  const fileIds = draft.fileIds ?? [];

  const detailChars = charCount(draft.details);
  if (detailChars > MAX_DETAILS_CHARS) return { send: false, reason: 'details_too_long', chars: detailChars };
  const questionChars = charCount(draft.question ?? '');
  if (questionChars > MAX_QUESTION_CHARS) return { send: false, reason: 'question_too_long', chars: questionChars };
  if (fileIds.length > MAX_FILES_PER_CALL) return { send: false, reason: 'too_many_files', files: fileIds.length };

  if (!session) return { send: true, revisesPlan: false, answers };
  // An unknown status is the site's to judge; closed, archived and deleted sessions take no call.
  if (session.status === 'closed' || session.status === 'archived' || session.status === 'deleted') {
    return { send: false, reason: 'session_closed' };
  }

  const revises = planResultExists(session);
  if (revises) {
    const carries = details !== '' || question !== '' || fileIds.length > 0 || Object.keys(answers).length > 0;
    if (!carries) return { send: false, reason: 'revision_empty' };
    return { send: true, revisesPlan: true, answers };
  }

  if (session.questions) {
    const gate = gateView(session.questions, answers);
    if (!gate.ready) return { send: false, reason: 'details_missing', missing: gate.missing };
  }
  return { send: true, revisesPlan: false, answers };
}

/** The refusal in the member's words (the missing details themselves are listed by the gate view). */
export function applyRefusalWords(refusal: ApplyRefusal): string {
  switch (refusal.reason) {
    case 'session_closed':
      return t('errors.sessionClosed');
    case 'details_missing':
      return tn('session.applyRefusal.missing', refusal.missing.length);
    case 'revision_empty':
      return t('session.applyRefusal.emptyRevision');
    case 'details_too_long':
      return t('session.applyRefusal.detailsTooLong', {
        count: formatCount(refusal.chars),
        max: formatCount(MAX_DETAILS_CHARS),
      });
    case 'question_too_long':
      return t('session.applyRefusal.detailsTooLong', {
        count: formatCount(refusal.chars),
        max: formatCount(MAX_QUESTION_CHARS),
      });
    case 'too_many_files':
      return t('session.applyRefusal.tooManyFiles', { max: MAX_FILES_PER_CALL, count: refusal.files });
  }
}
