// Whether the findings view can show anything, and if not why, in the member's words. GET /findings
// answers only while the member keeps findings and never for a session-scoped key (contract); the
// choice is set on the member's own connection page on the site (G15: /connections/{id}).
import type { Connection } from '@/lib/contract/connection';
import { t } from '@/lib/i18n';

export type FindingsAvailability =
  | { available: true }
  | { available: false; why: 'not_asked' | 'not_kept' | 'session_scoped' | 'unknown' };

export function findingsAvailability(me: Pick<Connection, 'keepsFindings' | 'sessionId'> | null): FindingsAvailability {
  if (!me) return { available: false, why: 'unknown' };
  if (me.sessionId !== null) return { available: false, why: 'session_scoped' };
  if (me.keepsFindings === true) return { available: true };
  return { available: false, why: me.keepsFindings === null ? 'not_asked' : 'not_kept' };
}

/**
 * The same from GET /findings' refusal: 403 session_scoped, or 503 not_available with reason
 * findings_not_kept (G12). Null for any other error, which is not about availability.
 */
export function availabilityFromError(code: string, reason?: string | null): FindingsAvailability | null {
  if (code === 'session_scoped') return { available: false, why: 'session_scoped' };
  if (code === 'not_available' && reason === 'findings_not_kept') return { available: false, why: 'not_kept' };
  return null;
}

/** The reason and where the member changes it; `canChange` says whether a link to the page helps. */
export function unavailableWords(why: Exclude<FindingsAvailability, { available: true }>['why']): {
  reason: string;
  where: string;
  canChange: boolean;
} {
  switch (why) {
    case 'not_asked':
      return {
        reason: t('findingsAvailability.notAskedReason'),
        where: t('findingsAvailability.offWhere'),
        canChange: true,
      };
    case 'not_kept':
      return {
        reason: t('findingsAvailability.offReason'),
        where: t('findingsAvailability.offWhere'),
        canChange: true,
      };
    case 'session_scoped':
      return {
        reason: t('findingsAvailability.scopedReason'),
        where: t('findingsAvailability.scopedWhere'),
        canChange: false,
      };
    case 'unknown':
      return {
        reason: t('findingsAvailability.unreadReason'),
        where: t('findingsAvailability.unreadWhere'),
        canChange: true,
      };
  }
}
