/** The `answerDrafts` table (version 3): one question's answer as the member is writing it; deleted once sent. */
import * as z from 'zod/mini';
import { lazySchema } from '@/lib/contract/lazy-schema';
import { iso } from './fields';

export const ANSWER_DRAFTS_INDEXES = '[sessionId+key], sessionId';

export const AnswerDraftRowSchema = lazySchema(() =>
  z.object({
    sessionId: z.string().check(z.minLength(1)),
    /** The question's key. */
    key: z.string().check(z.minLength(1)),
    /** The form's state for the question (lib/sessions/answer-draft's AnswerDraft is this type). */
    draft: z.object({
      choice: z.nullable(z.enum(['option', 'own', 'left_to_agent'])),
      optionKeys: z.array(z.string()),
      own: z.string(),
    }),
    /** What the site said of this answer when it was last sent (400 invalid_answers); cleared by an edit. */
    siteProblem: z.nullable(z.string()),
    updatedAt: iso(),
  }),
);

export type AnswerDraftRow = z.infer<typeof AnswerDraftRowSchema>;
