// The plan of a "Plan my project" session and its revisions (contract 2.18.0): once the plan's apply
// call passed, the next apply call revises the plan; planUnchanged says it came back as it was; a
// question call answers on its own and leaves the plan. The service decides revisesPlan, no request
// field names it, so the panel only predicts it to word the form and reads the result's flags after.
import type { CallResult } from '@/lib/contract/calls';
import type { Session } from '@/lib/contract/sessions';
import { t } from '@/lib/i18n';

type ResultFlags = Pick<CallResult, 'callId' | 'status' | 'revisesPlan' | 'planUnchanged'>;

/** An apply call passed in this session, so the next apply call revises the plan. */
export function planResultExists(session: Pick<Session, 'questions' | 'results'>): boolean {
  if (session.questions) return session.questions.pass.planResultExists;
  // Questions unreadable: the results show it as well.
  return session.results.some((r) => r.callId === 'apply' && r.status === 'passed');
}

export type ResultRole = 'plan' | 'plan_revised' | 'plan_unchanged' | 'revision_not_done' | 'answer_alone' | 'other';

/** What a result in a session did to the plan. */
export function resultRole(result: ResultFlags): ResultRole {
  if (result.callId === 'apply') {
    if (!result.revisesPlan) return 'plan';
    if (result.status !== 'passed') return 'revision_not_done';
    return result.planUnchanged ? 'plan_unchanged' : 'plan_revised';
  }
  if (result.callId === 'question') return 'answer_alone';
  return 'other';
}

/**
 * A line for the member under a result's header, or null when there is nothing to add.
 * `planExists` is whether the session had a plan (for a question call that left it alone).
 */
export function revisionWords(result: ResultFlags, planExists: boolean): string | null {
  switch (resultRole(result)) {
    case 'plan':
      return result.status === 'passed' ? t('session.revision.thePlan') : null;
    case 'plan_revised':
      return t('session.revision.revised');
    case 'plan_unchanged':
      return t('session.revision.unchanged');
    case 'revision_not_done':
      return result.status === 'failed' ? t('session.revision.failed') : t('session.revision.pending');
    case 'answer_alone':
      return planExists ? t('session.revision.questionAlone') : null;
    default:
      return null;
  }
}

/**
 * The plan read from the session's results, for a site that does not offer GET /sessions/{id}/plan: the
 * note of the last passed apply call that changed the plan (the first one writes it; a revision that came
 * back unchanged leaves it). Its version counts those calls. Null before any apply call passed with a note.
 */
export function planFromResults(
  session: Pick<Session, 'sessionId' | 'results' | 'lastCallAt'>,
  readAt: string,
): {
  sessionId: string;
  runId: string;
  version: number;
  untrustedMarkdown: NonNullable<CallResult['note']>;
  at: string;
} | null {
  const writes = session.results.filter(
    (r) => r.callId === 'apply' && r.status === 'passed' && r.note !== null && !r.planUnchanged,
  );
  const last = writes.at(-1);
  if (!last?.note) return null;
  return {
    sessionId: session.sessionId,
    runId: last.runId,
    version: writes.length,
    untrustedMarkdown: last.note,
    at: session.lastCallAt ?? readAt,
  };
}
