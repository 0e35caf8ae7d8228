/**
 * One intent per view (issue 55): the localId a call from a view starts as. The background stores the call
 * under it with its Idempotency-Key before anything is sent, so a start that got no answer (the worker stored
 * and sent it, then stopped before it replied) goes again as the same localId: the background finds that row
 * and sends its key, never a second call. An answer, whatever it says, ends the intent: a refusal answered
 * before anything was stored, or a call stored (the next start is another call).
 */
import { useRef } from 'preact/hooks';
import type { CommandResult } from '@/lib/protocol/commands';
import { saysNothingDone } from '@/lib/protocol/send';

/** Whether what came of a start ends its intent: all but a failure that says nothing of what was done. */
export function endsIntent(result: CommandResult<'startCall'>): boolean {
  return result.ok || !saysNothingDone(result.error);
}

export interface CallIntent {
  /** The localId the next start goes as: the one kept from a start that got no answer, or a new one. */
  id: () => string;
  /** What came of the start made with `id()`: an answer ends the intent, no answer keeps it. */
  settle: (result: CommandResult<'startCall'>) => void;
}

/** The view's intent, kept for as long as the view (a draft kept in storage keeps its own: preview/draft). */
export function useCallIntent(): CallIntent {
  const intent = useRef<string | null>(null);
  return {
    id: () => {
      intent.current ??= crypto.randomUUID();
      return intent.current;
    },
    settle: (result) => {
      if (endsIntent(result)) intent.current = null;
    },
  };
}
