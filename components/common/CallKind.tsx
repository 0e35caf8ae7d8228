import { ownCallKindWords } from '@/lib/words/values';

/** The kind of call: our word for apply, question and starting files; a custom call's id as the site sent it. */
export function CallKind({ callId }: { callId: string }) {
  return ownCallKindWords(callId) ?? <span class="verbatim">{callId}</span>;
}
