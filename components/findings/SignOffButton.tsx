import { daysLeftWords } from '@/lib/findings/expiry';
import { sitePageUrl } from '@/lib/safety/urls';
import { t } from '@/lib/i18n';

interface Props {
  url: string | null;
  siteOrigin: string | null;
  /** Estimated expiry of the draft (lib/findings/expiry). */
  expiresAtMs: number;
  nowMs: number;
  onOpenSignOff: (url: string) => void;
}

/**
 * A key never signs off: the member does, on the site. The button is offered only for the member's own
 * sign-off page on the site's origin (G15); anything else the site sent is not opened.
 */
export function SignOffButton({ url, siteOrigin, expiresAtMs, nowMs, onOpenSignOff }: Props) {
  const target = url && siteOrigin ? sitePageUrl(url, siteOrigin) : null;
  return (
    <div class="sign-off">
      {/* What signing off does, then how long it waits: unsigned, the draft expires with its findings. */}
      <p>
        {t('findings.signOffDoes')} {daysLeftWords(expiresAtMs, nowMs)}
      </p>
      {target ? (
        <button type="button" onClick={() => onOpenSignOff(target)}>
          {t('findings.signOff')}
        </button>
      ) : (
        <p class="muted">{t('findings.noSignOffPage')}</p>
      )}
    </div>
  );
}
