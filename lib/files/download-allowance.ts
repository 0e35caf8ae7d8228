// The 20 MB a day of downloads. GET /me tells what was left when it was read (downloadsLeftBytes);
// each download since then is subtracted here, so a download that would not fit is refused before it
// starts rather than ending in 429 download_limit halfway. Bytes that leave the site's 24-hour window
// after the read are not added back: only a new GET /me can say so, and guessing would overspend.
import { type Amount, readAmount } from '@/lib/contract/tolerant';
import { DAY_MS } from '@/lib/time';

export interface DownloadRecord {
  fileId: string;
  bytes: number;
  /** Epoch milliseconds when the download started. */
  at: number;
}

export interface AllowanceReading {
  /** downloadsLeftBytes from GET /me, or null before the connection was read. */
  leftBytes: number | null;
  /** Epoch milliseconds when that GET /me was read. */
  readAt: number;
}

/** Bytes left now: the reading less every download started at or after it. Null when unknown. */
export function downloadsLeft(reading: AllowanceReading, downloads: readonly DownloadRecord[]): number | null {
  if (reading.leftBytes === null || !Number.isFinite(reading.leftBytes)) return null;
  let left = reading.leftBytes;
  for (const record of downloads) {
    if (record.at >= reading.readAt) left -= record.bytes;
  }
  return Math.max(0, left);
}

export type DownloadFit =
  | { ok: true; sizeBytes: number; leftAfterBytes: number }
  | { ok: false; reason: 'unknown_allowance' | 'over_allowance'; leftBytes: number | null };

/**
 * Whether a file of `sizeBytes` fits what is left. Unknown allowance refuses: nothing is risked on a guess; so
 * does a size that could not be read (G34), as it cannot be counted against the allowance.
 */
export function fitsAllowance(amount: Amount, leftBytes: number | null): DownloadFit {
  if (leftBytes === null) return { ok: false, reason: 'unknown_allowance', leftBytes: null };
  const sizeBytes = readAmount(amount);
  if (sizeBytes === undefined || !Number.isFinite(sizeBytes) || sizeBytes < 0 || sizeBytes > leftBytes) {
    return { ok: false, reason: 'over_allowance', leftBytes };
  }
  return { ok: true, sizeBytes, leftAfterBytes: leftBytes - sizeBytes };
}

/** The ledger after a download starts, without entries older than a day (they can no longer matter). */
export function recordDownload(
  downloads: readonly DownloadRecord[],
  record: DownloadRecord,
  now: number = record.at,
): DownloadRecord[] {
  return [...downloads.filter((entry) => entry.at > now - DAY_MS), record];
}
