import { useEffect, useRef, useState } from 'preact/hooks';
import type { CallRequest } from '@/lib/contract/calls';
import type { Preview } from '@/lib/contract/calls';
import type { MemberError } from '@/lib/db/member-error';
import { useActions } from '@/components/common/actions';

// Typing pauses this long before the preview is read again with the text (POST /calls/quote, G14).
const REPREVIEW_MS = 800;

export interface PreviewRead {
  /** The preview for the kind of call on screen (never another kind's, while the new one is read). */
  preview: Preview | null;
  error: MemberError | null;
  /** Whether the shown preview judged the typed request (false: the kind of call only, a site without the quote). */
  requestChecked: boolean;
  /** Read for the kind and text on screen: until then what is shown may still move. */
  settled: boolean;
  loading: boolean;
  /** Reads the preview again now, for what is on screen: after a failed read, or the member fixed something on the site. */
  again: () => void;
}

/**
 * Reads the preview of `request`: at once for a new agent, kind or subject, after a pause while the member types.
 * `kindKey` names the kind of call (agent, call, subject): a preview read for another kind is never shown under
 * this one, so switching from the apply call to a question never shows the apply call's name and limit.
 * `textKey` names the typed text; `send` is what is sent (a secret typed stays on this machine). Not `enabled`
 * (a key scoped to one session has no preview): nothing is read.
 */
export function usePreviewRead(kindKey: string, textKey: string, send: CallRequest, enabled = true): PreviewRead {
  const actions = useActions();
  const [read, setRead] = useState<{
    kindKey: string;
    textKey: string;
    preview: Preview | null;
    error: MemberError | null;
    requestChecked: boolean;
  } | null>(null);
  const [loading, setLoading] = useState(false);
  // Each "read again" is a new round: the same kind and text, read at once.
  const [round, setRound] = useState(0);
  const seq = useRef(0);
  const previous = useRef({ kindKey, textKey });

  useEffect(() => {
    if (!enabled) return;
    const textOnly = previous.current.kindKey === kindKey && previous.current.textKey !== textKey;
    previous.current = { kindKey, textKey };
    const mine = ++seq.current;
    const run = async () => {
      setLoading(true);
      const result = await actions.send('preview', send);
      if (mine !== seq.current) return;
      setLoading(false);
      // A failed read replaces the preview: never an old preview under a new request.
      setRead(
        result.ok
          ? {
              kindKey,
              textKey,
              preview: result.value.preview,
              error: null,
              requestChecked: result.value.requestChecked,
            }
          : { kindKey, textKey, preview: null, error: result.error, requestChecked: false },
      );
    };
    const timer = setTimeout(run, textOnly ? REPREVIEW_MS : 0);
    return () => clearTimeout(timer);
  }, [kindKey, textKey, round, enabled]);

  const sameKind = read !== null && read.kindKey === kindKey;
  return {
    preview: sameKind ? read.preview : null,
    error: sameKind ? read.error : null,
    requestChecked: sameKind && read.requestChecked,
    settled: sameKind && read.textKey === textKey,
    loading,
    again: () => setRound((n) => n + 1),
  };
}
