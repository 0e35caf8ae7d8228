import { useState } from 'preact/hooks';
import type { CallRow } from '@/lib/db/tables/calls';
import { siteHomeUrl } from '@/lib/safety/urls';
import { useActions } from '@/components/common/actions';
import { SitePageButton } from '@/components/common/SitePageButton';
import { useSite } from '@/components/common/site';
import { t } from '@/lib/i18n';
import { errorText } from '@/components/common/error-text';

interface Props {
  call: CallRow;
  /** Opens the call's session in the panel, where one is known. */
  onOpenSession?: (sessionId: string) => void;
}

/**
 * A call whose answer never came and whose Idempotency-Key is past the age the site surely remembers (issue
 * 41): sending that key again could start a second call, so nothing goes on its own. The member checks the
 * site's own log of calls (the contract names no page for it: the site's home) and may start it as a new call.
 */
export function MayHaveStarted({ call, onOpenSession }: Props) {
  const site = useSite();
  const actions = useActions();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const startNew = async () => {
    if (busy) return;
    setBusy(true);
    setMessage(null);
    const result = await actions.send('retryCall', { localId: call.localId, asNewCall: true });
    setBusy(false);
    if (!result.ok) setMessage(await errorText(result.error));
  };
  return (
    <>
      <p>{t('call.tooLate')}</p>
      <div class="row">
        <SitePageButton url={site ? siteHomeUrl(site.origin) : null}>{t('call.openSiteCalls')}</SitePageButton>
        {call.sessionId && onOpenSession ? (
          <button type="button" class="secondary" onClick={() => onOpenSession(call.sessionId as string)}>
            {t('sessions.open')}
          </button>
        ) : null}
        <button type="button" class="secondary" onClick={startNew} aria-busy={busy} disabled={busy}>
          {t('call.startAsNew')}
        </button>
      </div>
      {message ? <p role="alert">{message}</p> : null}
    </>
  );
}
