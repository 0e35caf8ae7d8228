/**
 * Saving a result file: lib/files decides (active files only after the member confirmed, the 20 MB a day,
 * the link's 300 s), the background renews an expired link by reading the call again, fetches the signed
 * link itself (any https host; no key, no cookies, no referrer), records the download in the ledger and hands
 * the bytes to the browser's downloads. Nothing is ever opened.
 */
import { readAmount } from '@/lib/contract/tolerant';
import { browser } from 'wxt/browser';
import { ApiError } from '@/lib/api/errors';
import { type CallRow, type ConnectionRow, getConnection, type MemberError } from '@/lib/db';
import { downloadsLeft, fitsAllowance } from '@/lib/files/download-allowance';
import { allowanceRefusal, type DownloadOptions, decideFileAction, type FileAction } from '@/lib/files/file-actions';
import { downloadCapBytes } from '@/lib/files/download-cap';
import { CommandFailure, localError } from '@/lib/protocol/envelope';
import type { CommandReply } from '@/lib/protocol/commands';
import { hostPattern } from '@/lib/safety/host-pattern';
import type { Ctx } from '@/entrypoints/background/core/context';
import { NOT_CONNECTED, toMemberError } from '@/entrypoints/background/core/member-error';
import { refreshCall } from '@/entrypoints/background/calls/handlers';
import { withApi } from '@/entrypoints/background/core/with-api';
import { t } from '@/lib/i18n';
import { DAY_MS } from '@/lib/time';

interface DownloadsApi {
  download(options: { url: string; filename: string; saveAs: boolean; conflictAction: 'uniquify' }): Promise<number>;
}

async function decide(ctx: Ctx, row: CallRow, fileId: string, confirmed: boolean): Promise<FileAction> {
  const file = row.result?.files.find((f) => f.fileId === fileId);
  if (!file) throw new CommandFailure(localError('not_found', t('background.noSuchFile')));
  const conn = await getConnection(ctx.db);
  if (conn?.status !== 'connected') throw NOT_CONNECTED();
  const now = ctx.now();
  const leftBytes = await leftNow(ctx, conn, now);
  const readAt = Date.parse(row.resultReadAt ?? row.updatedAt);
  return decideFileAction(file, { confirmed, leftBytes, readAt, now });
}

/** What is left of the day's downloads now: the last GET /me less the downloads counted since. */
async function leftNow(ctx: Ctx, conn: ConnectionRow, now: number): Promise<number | null> {
  const records = await ctx.db.downloads
    .where('at')
    .above(now - DAY_MS)
    .toArray();
  return downloadsLeft(
    { leftBytes: readAmount(conn.me?.downloadsLeftBytes) ?? null, readAt: conn.meAt ? Date.parse(conn.meAt) : now },
    records,
  );
}

/**
 * Counts a download against the allowance: read and written in one transaction, so two downloads at once
 * cannot both fit what only one does (the second is refused in the same words as before it started).
 */
async function countDownload(
  ctx: Ctx,
  p: { localId: string; fileId: string },
  sizeBytes: number,
): Promise<number | undefined> {
  return ctx.db.transaction('rw', ctx.db.connection, ctx.db.downloads, async () => {
    const conn = await getConnection(ctx.db);
    if (conn?.status !== 'connected') throw NOT_CONNECTED();
    const now = ctx.now();
    const fit = fitsAllowance(sizeBytes, await leftNow(ctx, conn, now));
    if (!fit.ok) throw new CommandFailure(localError(`file_${fit.reason}`, allowanceRefusal(sizeBytes, fit)));
    return ctx.db.downloads.add({ localId: p.localId, fileId: p.fileId, bytes: sizeBytes, at: now });
  });
}

/** The host permission for the link's host is asked by the panel within the member's click; here it must be held. */
async function checkHostPermission(url: string): Promise<void> {
  const pattern = hostPattern(url);
  const granted = pattern !== null && (await browser.permissions.contains({ origins: [pattern] }).catch(() => false));
  if (!granted) {
    const host = new URL(url).host;
    throw new CommandFailure(localError('file_host_permission', t('background.fileHost', { host })));
  }
}

/** A URL the downloads API accepts for bytes: a blob URL where the page can make one (Firefox), else a data URL (Chrome's worker). */
function bytesUrl(bytes: Uint8Array, contentType: string): { url: string; release: () => void } {
  const blob = new Blob([bytes as Uint8Array<ArrayBuffer>], { type: contentType });
  if (typeof URL.createObjectURL === 'function') {
    const url = URL.createObjectURL(blob);
    return { url, release: () => setTimeout(() => URL.revokeObjectURL(url), 60_000) };
  }
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { url: `data:${contentType};base64,${btoa(binary)}`, release: () => undefined };
}

function linkOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

/** Codes that speak of the key or the account: only an answer to a request that carried the key may. */
const KEY_CODES: ReadonlySet<string> = new Set([
  'unauthenticated',
  'key_revoked',
  'account_suspended',
  'session_scoped',
]);

function speaksOfKey(err: ApiError): boolean {
  return err.status === 401 || KEY_CODES.has(err.code);
}

/** The file host's refusal in our words: its status only, nothing to reconnect or top up. */
function fileRefused(err: ApiError): MemberError {
  return localError(
    'file_host_refused',
    t('background.fileNotFetched', { problem: t('background.fileHostRefused', { status: err.status }) }),
    { kind: 'none' },
  );
}

async function fetchAndSave(
  ctx: Ctx,
  downloads: DownloadsApi,
  options: DownloadOptions,
  sizeBytes: number,
): Promise<void> {
  let file: { bytes: Uint8Array };
  try {
    // The signed link carries no key: its answers are the file's (a storage host's 401 or 429 is not the site's).
    // Read no further than the declared size (and a little slack): a larger body is stopped, said in words.
    const maxBytes = downloadCapBytes(sizeBytes);
    file = await withApi(ctx, (api) => api.downloadFile(options.url, { maxBytes }), {
      origin: linkOrigin(options.url),
    });
  } catch (err) {
    if (err instanceof ApiError) {
      // The link carried no key: a file host's code is the file's, never the site's refusal or its word on the
      // key (rule 5). Only the site's own origin speaks in the site's words, and even there not of the key.
      const siteOrigin = (await getConnection(ctx.db))?.origin;
      if (linkOrigin(options.url) !== siteOrigin || speaksOfKey(err)) throw new CommandFailure(fileRefused(err));
      throw new CommandFailure(toMemberError(err));
    }
    const error = toMemberError(err);
    // Anything else inside "could not be fetched" (said by the panel when it words it).
    throw new CommandFailure(
      error.said
        ? { ...error, said: { ...error.said, fileNotFetched: true } }
        : { ...error, message: t('background.fileNotFetched', { problem: error.message ?? '' }) },
    );
  }
  // Saved as plain bytes whatever the server called them, so the browser never renders or runs it.
  const { url, release } = bytesUrl(file.bytes, 'application/octet-stream');
  try {
    await downloads.download({ ...options, url });
  } finally {
    release();
  }
}

export async function downloadFile(
  ctx: Ctx,
  p: { localId: string; fileId: string; confirmedActive: boolean },
): Promise<CommandReply<'downloadFile'>> {
  const downloads = (browser as unknown as { downloads?: DownloadsApi }).downloads;
  if (!downloads?.download) {
    throw new CommandFailure(localError('download_unavailable', t('background.noDownloads')));
  }
  let row = await ctx.db.calls.get(p.localId);
  if (!row) throw new CommandFailure(localError('not_found', t('background.noSuchCall')));
  let action = await decide(ctx, row, p.fileId, p.confirmedActive);
  if (action.kind === 'renew_link') {
    // Links last 300 s: read the call again for fresh ones, once.
    await refreshCall(ctx, p.localId);
    row = (await ctx.db.calls.get(p.localId)) ?? row;
    action = await decide(ctx, row, p.fileId, p.confirmedActive);
  }
  if (action.kind === 'renew_link') {
    throw new CommandFailure(localError('link_expired', t('background.linkRanOut')));
  }
  if (action.kind === 'refuse') throw new CommandFailure(localError(`file_${action.reason}`, action.message));
  await checkHostPermission(action.options.url);
  // Counted before it starts, checked and written at once, so two quick clicks cannot both fit the same allowance.
  const id = await countDownload(ctx, p, action.sizeBytes);
  try {
    await fetchAndSave(ctx, downloads, action.options, action.sizeBytes);
  } catch (err) {
    if (id !== undefined) await ctx.db.downloads.delete(id);
    if (err instanceof CommandFailure) throw err;
    throw new CommandFailure(localError('download_failed', t('background.downloadNotStarted')));
  }
  return { filename: action.options.filename };
}
