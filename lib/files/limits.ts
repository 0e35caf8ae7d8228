// The contract's limits on files, in bytes as G7 counts them (binary units).

/** POST /calls: at most 6 fileIds. */
export const MAX_FILES_PER_CALL = 6;

/** Every request body, counted in UTF-8 bytes of the JSON text (G7): 64 KB. */
export const REQUEST_BODY_LIMIT_BYTES = 64_000;

/** A share's package: 1 MB in all (G14: 400 invalid_package beyond it). */
export const PACKAGE_LIMIT_BYTES = 1_000_000;

/** PUT /shares/{draftId}/files: 1 to 20 fileIds (G14). */
export const MAX_FILES_PER_SHARE = 20;

/** Downloads: 20 MB in any 24 hours. */
export const DOWNLOAD_BYTES_PER_DAY = 20_000_000;

/**
 * A download is stopped once its body passes the file's declared `sizeBytes` by more than this: room for a
 * host that counts a little differently, not for a body of any size held in the worker's memory.
 */
export const DOWNLOAD_SLACK_BYTES = 64 * 1024;

/** The most a result file's download may read: its declared size and the slack. */
export function downloadCapBytes(sizeBytes: number): number {
  return Math.max(0, sizeBytes) + DOWNLOAD_SLACK_BYTES;
}

/** A signed file link is good for 300 seconds. */
export const FILE_LINK_SECONDS = 300;

/** POST /files: the name is 1 to 255 characters (code points, G19). */
export const FILE_NAME_MAX_CHARS = 255;
