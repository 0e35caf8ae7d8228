import { useEffect, useState } from 'preact/hooks';
import type { Tolerant } from '@/lib/api/schemas';
import { formatAbsolute } from '@/lib/format/time';
import { useActions } from '../common/actions';
import { SitePageButton } from '../common/SitePageButton';
import { approvalReasonWords } from '../common/words';
import { SiteText } from '../common/SiteText';

interface Props {
  approvalUrl: string | null;
  approvalLine: string | null;
  reason: Tolerant<string> | null;
  expiresAt?: string | null;
  /** The waiting approval's id, when this browser keeps one (the background resends the call with it). */
  approvalId?: string | null;
}

/**
 * A call waiting for the member: why, the button to the approval page, and that no second click is needed.
 * The call is resent only when there is reason to think the member approved: coming back to this panel, or
 * "I approved it", tells the background so (it still waits at least 15 s between tries).
 */
export function ApprovalWait({ approvalUrl, approvalLine, reason, expiresAt, approvalId }: Props) {
  const actions = useActions();
  const [said, setSaid] = useState<string | null>(null);

  useEffect(() => {
    if (!approvalId) return;
    const back = () => {
      if (document.visibilityState === 'visible') void actions.send('approvalCameBack', { approvalId });
    };
    window.addEventListener('focus', back);
    document.addEventListener('visibilitychange', back);
    return () => {
      window.removeEventListener('focus', back);
      document.removeEventListener('visibilitychange', back);
    };
  }, [approvalId]);

  const approved = async () => {
    if (!approvalId) return;
    const result = await actions.send('approvalCameBack', { approvalId });
    if (!result.ok) setSaid(result.error.message);
    else if (result.value.nextCheckAt !== null) {
      const seconds = Math.max(0, Math.ceil((result.value.nextCheckAt - Date.now()) / 1000));
      setSaid(seconds <= 1 ? 'Sending it again now.' : `Sending it again in ${seconds} s.`);
    } else setSaid('Nothing is waiting for approval any more.');
  };

  return (
    <div class="approval">
      <p>{approvalLine ? <SiteText text={approvalLine} /> : approvalReasonWords(reason)}</p>
      <p role="status">
        <strong>Waiting for your approval on the site.</strong> Once you have approved it there, the extension sends the call
        again by itself{expiresAt ? `; it can be approved until ${formatAbsolute(expiresAt)}` : ''}.
      </p>
      <div class="row">
        <SitePageButton url={approvalUrl} class="primary">
          Approve on the site
        </SitePageButton>
        {approvalId ? (
          <button type="button" class="secondary" onClick={() => void approved()}>
            I approved it
          </button>
        ) : null}
      </div>
      {said ? <p class="muted">{said}</p> : null}
    </div>
  );
}
