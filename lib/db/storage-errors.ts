/**
 * The two ways the browser's storage can refuse the extension, recognised wherever they surface (Dexie wraps
 * the browser's DOMException in its own error with `inner`; an aborted transaction carries it as its cause;
 * Chrome's storage.local says "QUOTA_BYTES quota exceeded" in a plain Error).
 */

function* causes(err: unknown): Generator<{ name?: unknown; message?: unknown }> {
  let current: unknown = err;
  // A short chain: Dexie's AbortError → its inner error → the DOMException.
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    yield current as { name?: unknown; message?: unknown };
    const next = current as { inner?: unknown; cause?: unknown };
    current = next.inner ?? next.cause;
  }
}

/** The disk (or the origin's quota) is full: a write was refused, nothing else is wrong. */
export function isStorageFull(err: unknown): boolean {
  for (const e of causes(err)) {
    if (e.name === 'QuotaExceededError') return true;
    if (typeof e.message === 'string' && /QUOTA_BYTES|quota (has been )?exceeded/i.test(e.message)) return true;
  }
  return false;
}

/** The database was written by a newer build of the extension than the one running (a downgrade). */
export function isNewerDatabase(err: unknown): boolean {
  for (const e of causes(err)) if (e.name === 'VersionError') return true;
  return false;
}
