import { daysLeftWords } from '@/lib/findings/expiry';
import { sitePageUrl } from '@/lib/safety/urls';

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
      <p>{daysLeftWords(expiresAtMs, nowMs)}</p>
      {target ? (
        <button type="button" onClick={() => onOpenSignOff(target)}>
          Sign off on the site
        </button>
      ) : (
        <p class="muted">The site gave no sign-off page of yours to open; sign off from your findings page on the site.</p>
      )}
    </div>
  );
}
