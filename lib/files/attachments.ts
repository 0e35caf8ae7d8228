// The files a member has chosen for one call. Each file's own check is kept as it was made; what the list
// adds (a second copy of the same file, more than 6 files) is worked out again from the list each time,
// so removing a file frees its place for the next one without checking anything twice.
import { type CheckOptions, type CheckedFile, checkFile, type FileSource, type UploadVerdict } from './upload-checks';
import { t, tn } from '@/lib/i18n';
import { MAX_FILES_PER_CALL } from '@/lib/contract/limits';

export interface Attachment extends CheckedFile {
  id: string;
}

export interface JudgedAttachment extends Attachment {
  /** The file's own check, or the list's refusal (duplicate, too many). */
  verdict: UploadVerdict;
}

export interface AddOptions extends CheckOptions {
  makeId?: () => string;
}

/** Checks new files one after another and appends them to the list. */
export async function addAttachments(
  current: readonly Attachment[],
  sources: readonly FileSource[],
  options: AddOptions = {},
): Promise<Attachment[]> {
  const makeId = options.makeId ?? (() => crypto.randomUUID());
  const added: Attachment[] = [];
  for (const source of sources) {
    added.push({ id: makeId(), ...(await checkFile(source, options)) });
  }
  return [...current, ...added];
}

export function removeAttachment(current: readonly Attachment[], id: string): Attachment[] {
  return current.filter((attachment) => attachment.id !== id);
}

function sameContent(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function tooManyWords(maxFiles: number): string {
  return t('attach.tooManyForCall', { max: maxFiles });
}

/**
 * Each attachment with its verdict in this list: only the first `maxFiles` files that pass go.
 * `tooMany` words the refusal where the limit is not the call's (a share draft's room).
 */
export function judgeAttachments(
  list: readonly Attachment[],
  maxFiles = MAX_FILES_PER_CALL,
  tooMany: string = tooManyWords(maxFiles),
): JudgedAttachment[] {
  const going: Attachment[] = [];
  return list.map((attachment) => {
    if (!attachment.verdict.ok || !attachment.bytes) return { ...attachment };
    const bytes = attachment.bytes;
    if (going.some((g) => g.facts.name === attachment.facts.name && g.bytes && sameContent(g.bytes, bytes))) {
      return {
        ...attachment,
        verdict: { ok: false, reason: 'duplicate', message: t('attach.duplicate') },
      };
    }
    if (going.length >= maxFiles) {
      return {
        ...attachment,
        verdict: { ok: false, reason: 'too_many', message: tooMany },
      };
    }
    going.push(attachment);
    return { ...attachment };
  });
}

export type SendCheck =
  | { ok: true; files: Array<{ name: string; bytes: Uint8Array }> }
  | { ok: false; message: string };

/** The files to upload, only when every attachment in the list passed, so what leaves is what was shown. */
export function filesToSend(list: readonly Attachment[], maxFiles = MAX_FILES_PER_CALL): SendCheck {
  const judged = judgeAttachments(list, maxFiles, '');
  const refused = judged.filter((a) => !a.verdict.ok).length;
  if (refused > 0) {
    return {
      ok: false,
      message: tn('attach.refusedCount', refused),
    };
  }
  return { ok: true, files: judged.map((a) => ({ name: a.facts.name, bytes: a.bytes ?? new Uint8Array() })) };
}
