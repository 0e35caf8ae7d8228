import { useEffect, useState } from 'preact/hooks';
import type { Tolerant } from '@/lib/contract/tolerant';
import { useActions } from '@/components/common/actions';
import { SitePageButton } from '@/components/common/SitePageButton';
import { approvalReasonWords } from '@/lib/words/values';
import { SiteText } from '@/components/common/SiteText';
import { t } from '@/lib/i18n';
import { Message } from '@/components/common/Message';
import { Time } from '@/components/common/Time';
import { errorText } from '@/components/common/error-text';

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
    if (!result.ok) setSaid(await errorText(result.error));
    else if (result.value.nextCheckAt !== null) {
      const seconds = Math.max(0, Math.ceil((result.value.nextCheckAt - Date.now()) / 1000));
      // While the site can say whether it is approved, it is asked first and decides: no send is promised.
      if (result.value.asksSiteFirst)
        setSaid(seconds <= 1 ? t('approval.askingNow') : t('approval.askingIn', { seconds }));
      else setSaid(seconds <= 1 ? t('approval.sendingNow') : t('approval.sendingIn', { seconds }));
    } else setSaid(t('approval.nothingWaiting'));
  };

  return (
    <div class="approval">
      <p>{approvalLine ? <SiteText text={approvalLine} /> : approvalReasonWords(reason)}</p>
      <p role="status">
        <strong>{t('approval.waiting')}</strong>{' '}
        {expiresAt ? (
          <Message id="approval.resendsItselfUntil" parts={{ time: <Time iso={expiresAt} /> }} />
        ) : (
          t('approval.resendsItself')
        )}
      </p>
      <div class="row">
        <SitePageButton url={approvalUrl} class="primary">
          {t('approval.approve')}
        </SitePageButton>
        {approvalId ? (
          <button type="button" class="secondary" onClick={() => void approved()}>
            {t('approval.iApproved')}
          </button>
        ) : null}
      </div>
      {said ? <p class="muted">{said}</p> : null}
    </div>
  );
}
