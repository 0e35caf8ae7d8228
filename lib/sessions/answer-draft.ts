// An answer as the member is writing it, kept as they type (the db stores these drafts, so nothing is
// lost when the panel closes), and the AnswerInput (G14) built from it once it fits its question.
import type { Answer, Question } from '@/lib/contract/sessions';
import type { AnswerInput } from '@/lib/contract/calls';
import { charCount } from '@/lib/format/chars';
import { formatCount } from '@/lib/format/count';
import { t } from '@/lib/i18n';
import { MAX_OWN_ANSWER_CHARS } from '@/lib/contract/limits';
import type { AnswerDraftRow } from '@/lib/db/tables/answer-drafts';

/**
 * The form's state for one question, as its row stores it (lib/db/tables/answer-drafts). `optionKeys` and
 * `own` are both kept whatever `choice` is, so switching between ways of answering never throws away what the
 * member wrote or ticked.
 */
export type AnswerDraft = AnswerDraftRow['draft'];
export type DraftChoice = NonNullable<AnswerDraft['choice']>;

export const EMPTY_DRAFT: Readonly<AnswerDraft> = Object.freeze({ choice: null, optionKeys: [], own: '' });

type DraftProblemCode =
  | 'no_option'
  | 'one_only'
  | 'unknown_option'
  | 'own_empty'
  | 'own_too_long'
  | 'no_recommendation';

export interface DraftProblem {
  code: DraftProblemCode;
  message: string;
}

/** A draft that shows an answer already given (so the form starts from it). */
export function draftFromAnswer(answer: Pick<Answer, 'kind' | 'optionKeys' | 'untrustedOwn'>): AnswerDraft {
  const own = answer.untrustedOwn?.untrustedText ?? '';
  switch (answer.kind) {
    case 'option':
      return { choice: 'option', optionKeys: [...answer.optionKeys], own };
    case 'own':
      return { choice: 'own', optionKeys: [], own };
    case 'left_to_agent':
      return { choice: 'left_to_agent', optionKeys: [], own };
    default:
      return { ...EMPTY_DRAFT, optionKeys: [] };
  }
}

/** Ticks or unticks an option. A single-answer question keeps only the latest tick. */
export function toggleOption(
  draft: AnswerDraft,
  question: Pick<Question, 'multiple'>,
  key: string,
  on: boolean,
): AnswerDraft {
  const current = draft.choice === 'option' ? draft.optionKeys : [];
  let optionKeys: string[];
  if (!question.multiple) optionKeys = on ? [key] : current.filter((k) => k !== key);
  else if (on) optionKeys = current.includes(key) ? current : [...current, key];
  else optionKeys = current.filter((k) => k !== key);
  return { ...draft, choice: optionKeys.length > 0 ? 'option' : null, optionKeys };
}

/** Typing own words chooses them; clearing them all un-chooses them. */
export function writeOwn(draft: AnswerDraft, own: string): AnswerDraft {
  if (own.trim() !== '') return { ...draft, choice: 'own', own };
  return { ...draft, own, choice: draft.choice === 'own' ? null : draft.choice };
}

export function choose(draft: AnswerDraft, choice: DraftChoice | null): AnswerDraft {
  return { ...draft, choice };
}

/** What the member chose to send; null when they chose nothing (the question stays unanswered). */
export function buildAnswerInput(draft: AnswerDraft): AnswerInput | null {
  switch (draft.choice) {
    case 'option':
      return { kind: 'option', optionKeys: [...new Set(draft.optionKeys)] };
    case 'own':
      return { kind: 'own', own: draft.own.trim() };
    case 'left_to_agent':
      return { kind: 'left_to_agent' };
    default:
      return null;
  }
}

/**
 * Whether a draft fits its question, in the member's words. An empty draft has no problem: it is not
 * sent. The site still judges what is sent (400 invalid_answers); this only spares a round trip.
 */
export function validateDraft(question: Question, draft: AnswerDraft): DraftProblem[] {
  const problems: DraftProblem[] = [];
  switch (draft.choice) {
    case 'option': {
      const keys = [...new Set(draft.optionKeys)];
      const known = new Set(question.options.map((o) => o.key));
      if (keys.length === 0) problems.push({ code: 'no_option', message: t('session.answer.noOption') });
      if (!question.multiple && keys.length > 1) {
        problems.push({ code: 'one_only', message: t('session.answer.oneOnly') });
      }
      if (keys.some((k) => !known.has(k))) {
        problems.push({
          code: 'unknown_option',
          message: t('session.answer.gone'),
        });
      }
      break;
    }
    case 'own': {
      const text = draft.own.trim();
      if (text === '') problems.push({ code: 'own_empty', message: t('session.answer.ownEmpty') });
      const n = charCount(text);
      if (n > MAX_OWN_ANSWER_CHARS) {
        problems.push({
          code: 'own_too_long',
          message: t('session.applyRefusal.detailsTooLong', {
            count: formatCount(n),
            max: formatCount(MAX_OWN_ANSWER_CHARS),
          }),
        });
      }
      break;
    }
    case 'left_to_agent':
      // The contract: left to the agent means it uses the recommended option; without one there is
      // nothing for it to use, so the site would have to refuse.
      if (!question.recommended || !question.options.some((o) => o.key === question.recommended)) {
        problems.push({
          code: 'no_recommendation',
          message: t('session.answer.noRecommended'),
        });
      }
      break;
    default:
      break;
  }
  return problems;
}

export interface DraftsToSend {
  /** Answers that fit their questions, by question key: the `answers` of PUT answers or POST /calls. */
  answers: Record<string, AnswerInput>;
  /** Problems by question key; those questions are left out of `answers`. */
  problems: Record<string, DraftProblem[]>;
}

/** The answers to send for the questions shown, from the member's drafts. Unanswered ones are left out. */
export function draftsToSend(
  questions: readonly Question[],
  drafts: Readonly<Record<string, AnswerDraft | undefined>>,
): DraftsToSend {
  const answers: Record<string, AnswerInput> = {};
  const problems: Record<string, DraftProblem[]> = {};
  for (const q of questions) {
    const draft = drafts[q.key];
    if (!draft) continue;
    const found = validateDraft(q, draft);
    if (found.length > 0) {
      problems[q.key] = found;
      continue;
    }
    const input = buildAnswerInput(draft);
    if (input) answers[q.key] = input;
  }
  return { answers, problems };
}
