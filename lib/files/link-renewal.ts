import { FILE_LINK_SECONDS } from '@/lib/contract/limits';
// Signed file links are good for 300 seconds. The link in a call result is used only while it is
// comfortably fresh; otherwise the call is read again for a new one first. The end of a link's life is
// the earlier of its expiresAt and 300 s after the call was read on this computer, so a site clock that
// runs behind ours cannot make a dead link look alive.

/** Renew this long before the end, so a download that starts just in time does not meet 403 link_expired. */
export const RENEW_MARGIN_MS = 30_000;

export interface SignedLink {
  /** expiresAt from the call result (date-time). */
  expiresAt: string;
}

/** Epoch milliseconds at which the link stops working, as far as this computer can tell. */
export function linkEnd(link: SignedLink, readAt: number): number {
  const byRead = readAt + FILE_LINK_SECONDS * 1000;
  const stated = Date.parse(link.expiresAt);
  return Number.isNaN(stated) ? byRead : Math.min(stated, byRead);
}

/** True when the call must be read again before this link is used. */
export function needsFreshLink(link: SignedLink, readAt: number, now: number, marginMs = RENEW_MARGIN_MS): boolean {
  return now >= linkEnd(link, readAt) - marginMs;
}

/** Milliseconds until the link should be renewed (0 when it should be now). */
export function msUntilRenewal(link: SignedLink, readAt: number, now: number, marginMs = RENEW_MARGIN_MS): number {
  return Math.max(0, linkEnd(link, readAt) - marginMs - now);
}
