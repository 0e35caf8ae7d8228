/**
 * Any failure as the member reads it: the API client's errors keep their code and next step, with what their
 * words are made of (lib/api/error-said; the panel says them, lib/words/errors); local failures get their own
 * codes and sentences. Built from codes and counts only, so a key can never end up in one.
 */
import { ApiError, isClientError } from '@/lib/api/errors';
import { errorSaid } from '@/lib/api/error-said';
import type { MemberError, MemberErrorExtras } from '@/lib/db';
import { isNewerDatabase, isStorageFull } from '@/lib/db/storage-errors';
import { CommandFailure, localError } from '@/lib/protocol/envelope';
import { t } from '@/lib/i18n';
import { secretLabel } from '@/lib/words/secrets';

function apiExtras(err: ApiError): MemberErrorExtras {
  const x: MemberErrorExtras = {};
  if (err.fields.length > 0) x.fields = err.fields;
  if (err.problems.length > 0) x.problems = err.problems;
  if (err.missing.length > 0) x.missing = err.missing;
  if (err.approvalId !== null) x.approvalId = err.approvalId;
  if (err.approvalUrl !== null) x.approvalUrl = err.approvalUrl;
  if (err.topUpUrl !== null) x.topUpUrl = err.topUpUrl;
  if (err.reason !== null) x.reason = err.reason;
  if (err.until !== null) x.until = err.until;
  if (err.retryAfterSeconds !== null) x.retryAfterSeconds = err.retryAfterSeconds;
  // Our words run out for a code we do not know: the site's own message is shown, as text, beside them.
  if (!err.known && err.serverMessage) x.siteMessage = err.serverMessage;
  return x;
}

export function toMemberError(err: unknown): MemberError {
  if (err instanceof CommandFailure) return err.error;
  if (err instanceof ApiError) {
    return { code: err.code, said: errorSaid(err), nextStep: err.next, status: err.status, extras: apiExtras(err) };
  }
  if (isClientError(err)) {
    switch (err.kind) {
      case 'network':
        return {
          code: err.timedOut ? 'timeout' : 'offline',
          said: errorSaid(err),
          nextStep: { kind: 'retry' },
          extras: {},
        };
      case 'malformed':
        return {
          code: 'malformed_answer',
          said: errorSaid(err),
          // A redirect or a file larger than said is the site's doing: a newer extension would refuse it too.
          nextStep:
            err.what === 'redirect' || err.what === 'over_size' ? { kind: 'none' } : { kind: 'update_extension' },
          status: err.status,
          extras: {},
        };
      case 'local': {
        const extras: MemberErrorExtras = {};
        if (err.fields.length > 0) extras.fields = err.fields;
        if (err.found.length > 0) extras.found = err.found.map(secretLabel);
        return {
          code: `local_${err.reason}`,
          said: errorSaid(err),
          nextStep: { kind: 'fix_request', fields: err.fields },
          extras,
        };
      }
      case 'aborted':
        return localError('aborted', 'Cancelled.');
    }
  }
  // The browser's storage refused a write, or holds a database of a newer build: said as such, not as a bug.
  if (isStorageFull(err)) return localError('storage_full', t('background.storageFull'));
  if (isNewerDatabase(err)) return localError('newer_database', t('app.newerDatabase'), { kind: 'update_extension' });
  return localError('internal', t('background.internal'));
}

/** Network failures: nothing reached the site, or no answer came back. */
export function isNetworkFailure(err: unknown): boolean {
  return isClientError(err) && err.kind === 'network';
}

export const NOT_CONNECTED = (): CommandFailure =>
  new CommandFailure(localError('not_connected', t('background.notConnected'), { kind: 'reconnect' }));

/** A site without an unshaped endpoint: said once, in the member's words, with what still works. */
export function notOfferedHere(message: string): CommandFailure {
  return new CommandFailure(localError('not_offered_here', message, { kind: 'none' }));
}
