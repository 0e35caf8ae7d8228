import type { ShareDraft } from '@/lib/contract/shares';
import { type Attachment, filesToSend, judgeAttachments } from '@/lib/files/attachments';
import { checkShareAdditions } from '@/lib/files/share-package';
import { FileAttachments } from '@/components/files/FileAttachments';
import { t } from '@/lib/i18n';
import { MAX_FILES_PER_SHARE } from '@/lib/contract/limits';

export interface ShareFilesFormProps {
  draft: ShareDraft;
  /** Files go up through POST /files, which needs the files switch. */
  filesSwitchOn: boolean;
  switchedOffBySite?: boolean;
  attachments: readonly Attachment[];
  checking?: boolean;
  onAdd: (files: File[]) => void;
  onRemove: (id: string) => void;
  onOpenSettings: () => void;
  /** Upload the chosen files, then PUT the draft's list (lib/files/share-package shareFileIds). */
  onSubmit: () => void;
  busy?: boolean;
}

/** Adds files to an open share draft, keeping it within 20 files and a 1 MB package. */
export function ShareFilesForm(props: ShareFilesFormProps) {
  const room = Math.max(0, MAX_FILES_PER_SHARE - props.draft.files.length);
  const tooMany = t('share.files.tooMany', { max: MAX_FILES_PER_SHARE, room });
  const judged = judgeAttachments(props.attachments, room, tooMany);
  const sizes = judged.filter((a) => a.verdict.ok).map((a) => a.facts.sizeBytes);
  const additions = checkShareAdditions(props.draft, sizes);
  const sendable = filesToSend(props.attachments, room);
  const ready = props.attachments.length > 0 && sendable.ok && additions.ok;

  return (
    <div class="share-files">
      <FileAttachments
        title={t('share.files.addTitle')}
        filesSwitchOn={props.filesSwitchOn}
        switchedOffBySite={props.switchedOffBySite}
        attachments={props.attachments}
        maxFiles={room}
        tooManyMessage={tooMany}
        checking={props.checking}
        onAdd={props.onAdd}
        onRemove={props.onRemove}
        onOpenSettings={props.onOpenSettings}
      />
      {props.filesSwitchOn && !props.switchedOffBySite ? (
        <>
          {additions.ok ? null : (
            <p role="alert" class="notice notice-error">
              {additions.message}
            </p>
          )}
          <button
            type="button"
            disabled={!ready || props.busy || props.checking}
            onClick={() => ready && props.onSubmit()}
          >
            {props.busy ? t('share.files.adding') : t('share.files.add')}
          </button>
        </>
      ) : null}
    </div>
  );
}
