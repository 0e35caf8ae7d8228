import { useRef, useState } from 'preact/hooks';
import type { MemberError } from '@/lib/db/member-error';
import { type Attachment, addAttachments, judgeAttachments, removeAttachment } from '@/lib/files/attachments';
import { fileSource } from '@/lib/files/upload-checks';
import { buildUploadRequest } from '@/lib/files/upload-request';
import { useActions } from '@/components/common/actions';
import { t, tn } from '@/lib/i18n';
import { MAX_FILES_PER_CALL } from '@/lib/contract/limits';

export type UploadOutcome = { ok: true; fileIds: string[] } | { ok: false; error: MemberError };

export interface FileUploads {
  attachments: Attachment[];
  /** Newly chosen files are being read and checked. */
  checking: boolean;
  /** Chosen files that cannot be sent (their check, a duplicate, too many): none may go until removed. */
  refused: number;
  add(files: File[]): void;
  remove(id: string): void;
  /** Forget every chosen file (after they went with a call or into a draft). */
  clear(): void;
  /**
   * Uploads each chosen file not uploaded yet (uploadFile command, one POST /files each) and answers every
   * file's id in order. A file uploaded by an earlier try keeps its id, so trying again never uploads it twice.
   */
  upload(): Promise<UploadOutcome>;
}

const localError = (code: string, message: string): MemberError => ({ code, message, extras: {} });

/**
 * The files a member chose for one call or one share draft, each checked before anything leaves
 * (lib/files: name, 64 KB body, the secret guard on text), and their uploads.
 */
export function useFileUploads(options: { maxFiles?: number; sessionId?: string | null } = {}): FileUploads {
  const { maxFiles = MAX_FILES_PER_CALL, sessionId } = options;
  const actions = useActions();
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [pending, setPending] = useState(0);
  // Attachment id -> fileId of its upload. In a ref: an upload's answer must be seen by the next try at once.
  const uploaded = useRef(new Map<string, string>());

  const add = (files: File[]) => {
    setPending((n) => n + 1);
    void addAttachments([], files.map(fileSource), { sessionId })
      .then((added) => setAttachments((list) => [...list, ...added]))
      .finally(() => setPending((n) => n - 1));
  };

  const upload = async (): Promise<UploadOutcome> => {
    const judged = judgeAttachments(attachments, maxFiles);
    const refused = judged.filter((a) => !a.verdict.ok).length;
    if (refused > 0) {
      return {
        ok: false,
        error: localError('file_refused', tn('attach.refusedCount', refused)),
      };
    }
    const fileIds: string[] = [];
    for (const attachment of judged) {
      const known = uploaded.current.get(attachment.id);
      if (known !== undefined) {
        fileIds.push(known);
        continue;
      }
      if (!attachment.bytes) return { ok: false, error: localError('file_unreadable', t('attach.unreadable')) };
      const request = buildUploadRequest(attachment.facts.name, attachment.bytes, sessionId);
      const result = await actions.send('uploadFile', { ...request, type: attachment.facts.type });
      if (!result.ok) return { ok: false, error: result.error };
      uploaded.current.set(attachment.id, result.value.fileId);
      fileIds.push(result.value.fileId);
    }
    return { ok: true, fileIds };
  };

  return {
    attachments,
    checking: pending > 0,
    refused: judgeAttachments(attachments, maxFiles).filter((a) => !a.verdict.ok).length,
    add,
    remove: (id) => {
      uploaded.current.delete(id);
      setAttachments((list) => removeAttachment(list, id));
    },
    clear: () => {
      uploaded.current.clear();
      setAttachments([]);
    },
    upload,
  };
}
