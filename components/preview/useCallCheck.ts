import type { CallRequest } from '@/lib/contract/calls';
import { getConnection } from '@/lib/db/queries';
import { useLiveQuery } from '@/components/common/useLiveQuery';
import { type PreviewCheck, previewCheck } from './start-block';
import { type PreviewRead, usePreviewRead } from './usePreviewRead';

export interface CallCheck {
  /** A key scoped to one session has no preview (contract: 403 session_scoped): the limit comes with the 202. */
  scoped: boolean;
  read: PreviewRead;
  /** The preview for exactly `request`: ready, still being read, failed; not needed under a scoped key. */
  state: PreviewCheck;
}

/**
 * The preview of a call started from a session (Make the plan, a revision, Ask): the same read as the
 * preview's, with the session, so the member sees the same money block before the start. `request` is what
 * the start would send (a secret typed is left out by the caller: it stays on this machine).
 */
export function useCallCheck(request: CallRequest): CallCheck {
  const connection = useLiveQuery((db) => getConnection(db), []);
  const scoped = (connection.value?.sessionId ?? null) !== null;
  const { agentId, callId, sessionId, subject, ...rest } = request;
  const read = usePreviewRead(
    `${agentId}\u0000${callId}\u0000${sessionId ?? ''}\u0000${subject ?? ''}`,
    JSON.stringify(rest),
    request,
    connection.loaded && !scoped,
  );
  const state: PreviewCheck = scoped ? 'not_needed' : connection.loaded ? previewCheck(read) : 'reading';
  return { scoped, read, state };
}
