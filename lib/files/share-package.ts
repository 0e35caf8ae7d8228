import { type Amount, readAmount } from '@/lib/contract/tolerant';
// What a share draft may take before it goes to the site: files are added while it is open (PUT sets
// the draft's whole list, 1 to 20 ids), and packaging needs at least one file and at most 1 MB in all.
// The site refuses the same with 400 invalid_package; checking here spares the member a round trip.
import { formatBytes } from '@/lib/format/size';
import { t } from '@/lib/i18n';
import { MAX_FILES_PER_SHARE, MAX_PACKAGE_BODY_BYTES } from '@/lib/contract/limits';

export interface DraftFacts {
  status: unknown;
  files: ReadonlyArray<{ fileId: string; sizeBytes: Amount }>;
}

export type ShareCheck<T> = { ok: true; value: T } | { ok: false; message: string };

function notOpen(draft: DraftFacts): string | null {
  return draft.status === 'open' ? null : t('share.package.closed');
}

export function packageBytes(files: ReadonlyArray<{ sizeBytes: Amount }>): number {
  // A size the site sent that cannot be one (G34) adds nothing here: the site judges the package itself.
  return files.reduce((sum, file) => sum + (readAmount(file.sizeBytes) ?? 0), 0);
}

/**
 * Room for new files of these sizes: the draft stays within 20 files and 1 MB. Checked before they are
 * uploaded, so nothing is sent that could not be packaged.
 */
export function checkShareAdditions(draft: DraftFacts, newSizes: readonly number[]): ShareCheck<number> {
  const closed = notOpen(draft);
  if (closed) return { ok: false, message: closed };
  const count = draft.files.length + newSizes.length;
  if (count > MAX_FILES_PER_SHARE) {
    return {
      ok: false,
      message: t('share.package.tooManyFiles', { max: MAX_FILES_PER_SHARE, count }),
    };
  }
  const total = packageBytes(draft.files) + newSizes.reduce((sum, size) => sum + size, 0);
  if (total > MAX_PACKAGE_BODY_BYTES) {
    return {
      ok: false,
      message: t('share.package.tooBig', { size: formatBytes(total) }),
    };
  }
  return { ok: true, value: total };
}

/** The list for PUT /shares/{draftId}/files: the draft's files and the new ones, each once. */
export function shareFileIds(draft: DraftFacts, newIds: readonly string[]): ShareCheck<string[]> {
  const closed = notOpen(draft);
  if (closed) return { ok: false, message: closed };
  const ids = [...new Set([...draft.files.map((file) => file.fileId), ...newIds])];
  if (ids.length === 0) return { ok: false, message: t('share.package.addOne') };
  if (ids.length > MAX_FILES_PER_SHARE) {
    return { ok: false, message: t('share.package.tooManyFiles', { max: MAX_FILES_PER_SHARE, count: ids.length }) };
  }
  return { ok: true, value: ids };
}

/** Whether POST /shares/{draftId}/package can succeed: open, one file or more, 1 MB at most. */
export function checkPackage(draft: DraftFacts): ShareCheck<number> {
  const closed = notOpen(draft);
  if (closed) return { ok: false, message: closed };
  if (draft.files.length === 0) return { ok: false, message: t('share.package.addOne') };
  const total = packageBytes(draft.files);
  if (total > MAX_PACKAGE_BODY_BYTES) {
    return {
      ok: false,
      message: t('share.package.wouldBe', { size: formatBytes(total) }),
    };
  }
  return { ok: true, value: total };
}

/** The list for PUT /shares/{draftId}/files without one file; the draft must keep at least one. */
export function shareFileIdsWithout(draft: DraftFacts, fileId: string): ShareCheck<string[]> {
  const closed = notOpen(draft);
  if (closed) return { ok: false, message: closed };
  const ids = draft.files.map((file) => file.fileId).filter((id) => id !== fileId);
  if (ids.length === 0) return { ok: false, message: t('share.package.keepOne') };
  return { ok: true, value: ids };
}
