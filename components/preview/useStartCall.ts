import type { RefObject } from 'preact';
import { useState } from 'preact/hooks';
import type { CallRequest } from '@/lib/contract/calls';
import type { UntrustedText } from '@/lib/contract/conventions';
import { getCall } from '@/lib/db/queries';
import type { MemberError } from '@/lib/db/member-error';
import { useActions } from '@/components/common/actions';
import { endsIntent } from '@/components/common/useCallIntent';
import { useLiveQuery } from '@/components/common/useLiveQuery';
import type { CallFilesHandle } from '@/components/files/CallFiles';

export interface StartCall {
  starting: boolean;
  /** Why the latest start did not go: the reply's error, or the site's refusal recorded on the call since. */
  refusal: MemberError | null;
  /**
   * Uploads the chosen files (each once), then starts the call as `localId` (the draft's intent: the same intent
   * started twice is one call). Answers `started`; `refused` when the site refused the stored call (starting
   * again is a new call); `failed` when no answer said what became of it (the same intent goes again, so a
   * call that was stored and sent is found, never made twice). `refusal` says why.
   */
  start: (
    localId: string,
    request: CallRequest,
    names: { agentName: UntrustedText | null; callName: UntrustedText | null },
    files: RefObject<CallFilesHandle | null>,
    withFiles: boolean,
  ) => Promise<'started' | 'refused' | 'failed'>;
}

/** Starting a call from the preview: the files first, then the call through the background's outbox. */
export function useStartCall(): StartCall {
  const actions = useActions();
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<MemberError | null>(null);
  const [lastLocalId, setLastLocalId] = useState<string | null>(null);
  // A call the site refused after the reply (or that this view started) shows its refusal here.
  const lastCall = useLiveQuery(
    async (db) => (lastLocalId ? ((await getCall(db, lastLocalId)) ?? null) : null),
    [lastLocalId],
  );
  const refusal = error ?? (lastCall.value?.state === 'refused' ? lastCall.value.error : null);

  const start: StartCall['start'] = async (localId, request, names, files, withFiles) => {
    setError(null);
    setStarting(true);
    const sent: CallRequest = { ...request };
    if (withFiles && files.current) {
      // Each file goes up once (POST /files); the call then names them, and the background stores the
      // request with its fileIds and Idempotency-Key before POST /calls, so a resend never uploads again.
      const up = await files.current.upload();
      if (!up.ok) {
        setStarting(false);
        setError(up.error);
        return 'failed';
      }
      sent.fileIds = up.fileIds;
    }
    setLastLocalId(localId);
    const result = await actions.send('startCall', { localId, request: sent, ...names });
    setStarting(false);
    if (!result.ok) {
      setError(result.error);
      // A refusal answered (the site's, or a check before anything was stored) ends this intent; no answer
      // leaves it open, as the call may be stored and sent.
      return endsIntent(result) ? 'refused' : 'failed';
    }
    return result.value.state === 'refused' ? 'refused' : 'started';
  };

  return { starting, refusal, start };
}
