/**
 * A download is stopped once its body passes the file's declared `sizeBytes` by more than this: room for a
 * host that counts a little differently, not for a body of any size held in the worker's memory.
 */
export const DOWNLOAD_SLACK_BYTES = 64 * 1024;

/** The most a result file's download may read: its declared size and the slack. */
export function downloadCapBytes(sizeBytes: number): number {
  return Math.max(0, sizeBytes) + DOWNLOAD_SLACK_BYTES;
}
