import type { Amount } from '@/lib/contract/tolerant';
// The one gate before any result file is fetched. It answers what may happen when the member asks for
// a file: refuse (with why), read the call again for a fresh link, or download with these options.
// Active files are refused until the member has confirmed, before anything else is looked at, so an
// unconfirmed active file never reaches a network request. Whoever carries out a download must never
// open it afterwards (no downloads.open or show): the member opens files themselves.
import { formatBytes } from '@/lib/format/size';
import { isActiveFile } from '@/lib/safety/active-files';
import type { UntrustedTextValue } from '@/lib/safety/untrusted';
import { type DownloadFit, fitsAllowance } from './download-allowance';
import { needsFreshLink } from './link-renewal';
import { saveName } from './save-name';
import { signedFileLink } from './signed-link';
import { t } from '@/lib/i18n';

export interface ResultFile {
  fileId: string;
  untrustedPath: UntrustedTextValue;
  sizeBytes: Amount;
  active: boolean;
  url: string;
  expiresAt: string;
}

export interface FileActionContext {
  /** The member confirmed saving this active file (ignored for plain files). */
  confirmed: boolean;
  /** Downloads left now (downloadsLeft()), or null when not known. */
  leftBytes: number | null;
  /** Epoch ms when the call holding this link was read. */
  readAt: number;
  now: number;
}

export interface DownloadOptions {
  url: string;
  filename: string;
  /** Active files always go through the save dialog. */
  saveAs: boolean;
  conflictAction: 'uniquify';
}

type FileRefusal = 'needs_confirmation' | 'unknown_allowance' | 'over_allowance' | 'bad_link';

export type FileAction =
  | { kind: 'download'; active: boolean; sizeBytes: number; options: DownloadOptions }
  | { kind: 'renew_link' }
  | { kind: 'refuse'; reason: FileRefusal; message: string };

/** Why a file of `sizeBytes` does not fit what is left of the day's downloads, in the member's words. */
export function allowanceRefusal(sizeBytes: Amount, fit: Extract<DownloadFit, { ok: false }>): string {
  return fit.reason === 'unknown_allowance'
    ? t('resultFiles.allowanceUnknownRead')
    : t('resultFiles.wontFit', { size: formatBytes(sizeBytes), left: formatBytes(fit.leftBytes ?? 0) });
}

export function decideFileAction(file: ResultFile, context: FileActionContext): FileAction {
  const active = isActiveFile(file);
  if (active && context.confirmed !== true) {
    return {
      kind: 'refuse',
      reason: 'needs_confirmation',
      message: t('resultFiles.activeConfirm'),
    };
  }
  const fit = fitsAllowance(file.sizeBytes, context.leftBytes);
  if (!fit.ok) return { kind: 'refuse', reason: fit.reason, message: allowanceRefusal(file.sizeBytes, fit) };
  if (needsFreshLink(file, context.readAt, context.now)) return { kind: 'renew_link' };
  const url = signedFileLink(file.url);
  if (url === null) {
    return {
      kind: 'refuse',
      reason: 'bad_link',
      message: t('resultFiles.notHttps'),
    };
  }
  return {
    kind: 'download',
    active,
    sizeBytes: fit.sizeBytes,
    options: {
      url,
      filename: saveName(file.untrustedPath.untrustedText, active),
      saveAs: active,
      conflictAction: 'uniquify',
    },
  };
}
