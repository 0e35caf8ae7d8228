import { callKindWords } from '@/lib/words/values';

const KNOWN = new Set(['apply', 'question', 'starting_files']);

/** The kind of call: our word for apply, question and starting files; a custom call's id as the site sent it. */
export function CallKind({ callId }: { callId: string }) {
  return KNOWN.has(callId) ? callKindWords(callId) : <span class="verbatim">{callId}</span>;
}
