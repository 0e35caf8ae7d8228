/**
 * Saving a result file: lib/files decides (active files only after the member confirmed, the 20 MB a day,
 * the link's 300 s), the background renews an expired link by reading the call again, records the download
 * in the ledger and hands the signed link to the browser's downloads. Nothing is ever opened.
 */
import { browser } from 'wxt/browser';
import { type CallRow, getConnection } from '../../lib/db';
import { downloadsLeft } from '../../lib/files/download-allowance';
import { decideFileAction, type FileAction } from '../../lib/files/file-actions';
import { CommandFailure, type CommandReply, localError } from '../../lib/messages';
import type { Ctx } from './context';
import { NOT_CONNECTED } from './member-error';
import { refreshCall } from './poller';

const DAY_MS = 24 * 60 * 60 * 1000;

interface DownloadsApi {
  download(options: { url: string; filename: string; saveAs: boolean; conflictAction: 'uniquify' }): Promise<number>;
}

async function decide(ctx: Ctx, row: CallRow, fileId: string, confirmed: boolean): Promise<FileAction> {
  const file = row.result?.files.find((f) => f.fileId === fileId);
  if (!file) throw new CommandFailure(localError('not_found', 'This result has no such file.'));
  const conn = await getConnection(ctx.db);
  if (conn?.status !== 'connected') throw NOT_CONNECTED();
  const now = ctx.now();
  const records = await ctx.db.downloads.where('at').above(now - DAY_MS).toArray();
  const leftBytes = downloadsLeft(
    { leftBytes: conn.me?.downloadsLeftBytes ?? null, readAt: conn.meAt ? Date.parse(conn.meAt) : now },
    records,
  );
  const readAt = Date.parse(row.resultReadAt ?? row.updatedAt);
  return decideFileAction(file, { confirmed, leftBytes, readAt, now, siteOrigin: conn.origin });
}

export async function downloadFile(
  ctx: Ctx,
  p: { localId: string; fileId: string; confirmedActive: boolean },
): Promise<CommandReply<'downloadFile'>> {
  const downloads = (browser as unknown as { downloads?: DownloadsApi }).downloads;
  if (!downloads?.download) {
    throw new CommandFailure(localError('download_unavailable', 'This browser does not let the extension save files.'));
  }
  let row = await ctx.db.calls.get(p.localId);
  if (!row) throw new CommandFailure(localError('not_found', 'There is no such call here.'));
  let action = await decide(ctx, row, p.fileId, p.confirmedActive);
  if (action.kind === 'renew_link') {
    // Links last 300 s: read the call again for fresh ones, once.
    await refreshCall(ctx, p.localId);
    row = (await ctx.db.calls.get(p.localId)) ?? row;
    action = await decide(ctx, row, p.fileId, p.confirmedActive);
  }
  if (action.kind === 'renew_link') {
    throw new CommandFailure(localError('link_expired', 'The file’s link ran out and no fresh one came. Try again in a moment.'));
  }
  if (action.kind === 'refuse') throw new CommandFailure(localError(`file_${action.reason}`, action.message));
  // Counted before it starts, so two quick clicks cannot both fit the same allowance.
  const id = await ctx.db.downloads.add({ localId: p.localId, fileId: p.fileId, bytes: action.sizeBytes, at: ctx.now() });
  try {
    await downloads.download(action.options);
  } catch {
    if (id !== undefined) await ctx.db.downloads.delete(id);
    throw new CommandFailure(localError('download_failed', 'The browser did not start the download.'));
  }
  return { filename: action.options.filename };
}
