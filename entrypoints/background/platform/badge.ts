/**
 * The action's badge, derived from IndexedDB through liveQuery: offline, an error, or the count of running
 * calls. Every job writes rows; none has to remember to update the badge.
 */
import { liveQuery, type Subscription } from 'dexie';
import { browser } from 'wxt/browser';
import type { AppDb } from '@/lib/db';
import { t, tn } from '@/lib/i18n';

export interface BadgeState {
  running: number;
  offline: boolean;
  error: boolean;
}

export interface Badge {
  text: string;
  color: string;
  title: string;
}

export function badgeFor(s: BadgeState): Badge {
  if (s.offline) return { text: t('background.badge.offText'), color: '#6b7280', title: t('background.badge.offline') };
  if (s.error) return { text: '!', color: '#b91c1c', title: t('background.badge.attention') };
  if (s.running > 0) {
    return { text: String(s.running), color: '#1d4ed8', title: tn('background.badge.running', s.running) };
  }
  return { text: '', color: '#1d4ed8', title: t('background.badge.idle') };
}

export async function readBadgeState(db: AppDb): Promise<BadgeState> {
  const [running, ui, conn] = await Promise.all([
    db.calls.where('state').equals('started').count(),
    db.ui.get('background'),
    db.connection.get('current'),
  ]);
  const offline = ui?.offline === true;
  const error =
    conn?.status === 'revoked' ||
    conn?.error != null ||
    (ui?.error != null && ui.error.code !== 'offline' && ui.error.code !== 'timeout');
  return { running: conn?.status === 'connected' ? running : 0, offline, error };
}

async function show(badge: Badge): Promise<void> {
  await browser.action.setBadgeText({ text: badge.text });
  await browser.action.setBadgeBackgroundColor({ color: badge.color });
  await browser.action.setTitle({ title: badge.title });
}

export function watchBadge(db: AppDb): Subscription {
  return liveQuery(() => readBadgeState(db)).subscribe({
    next: (state) => void show(badgeFor(state)).catch(() => undefined),
    error: () => undefined,
  });
}
