import { useId, useState } from 'preact/hooks';
import { type Attachment, judgeAttachments } from '@/lib/files/attachments';
import { formatBytes } from '@/lib/format/size';
import { cleanForDisplay } from '@/lib/safety/untrusted';
import { formatCount } from '@/lib/format/count';
import { t, tn, tnNamed } from '@/lib/i18n';
import { MAX_FILES_PER_CALL } from '@/lib/contract/limits';

export interface FileAttachmentsProps {
  /** switches.files from GET /me. */
  filesSwitchOn: boolean;
  /** The site answered 403 switched_off with reason files: shown like the switch being off. */
  switchedOffBySite?: boolean;
  /** The chosen files with their checks (lib/files/attachments). */
  attachments: readonly Attachment[];
  /** At most this many go (6 with a call; fewer when a share draft already holds some). */
  maxFiles?: number;
  /** Newly chosen files are still being read and checked. */
  checking?: boolean;
  /** The refusal for a file beyond maxFiles, when the limit is not the call's 6. */
  tooManyMessage?: string;
  /** Heading of the section. */
  title?: string;
  /** Files the member chose or dropped, to be checked (addAttachments) by the owner of the list. */
  onAdd: (files: File[]) => void;
  onRemove: (id: string) => void;
  /** Opens the member's connection page on the site, where the files switch is. */
  onOpenSettings: () => void;
}

/**
 * Files to send: a file picker, a drop zone beside it (the picker is its keyboard alternative), and each
 * chosen file with its size and its check. Nothing here reads or sends a file; it reports what the member
 * chose and removed.
 */
export function FileAttachments(props: FileAttachmentsProps) {
  const { attachments, maxFiles = MAX_FILES_PER_CALL, title = t('attach.defaultTitle') } = props;
  const inputId = useId();
  const [dragging, setDragging] = useState(false);

  if (!props.filesSwitchOn || props.switchedOffBySite) {
    return (
      <section aria-label={title} class="file-attachments">
        <h2>{title}</h2>
        <p class="notice">
          {props.switchedOffBySite ? t('attach.offBySite') : t('attach.off')} {t('share.switchOn')}
        </p>
        <button type="button" class="secondary" onClick={props.onOpenSettings}>
          {t('share.openConnectionPage')}
        </button>
      </section>
    );
  }

  const judged = judgeAttachments(attachments, maxFiles, props.tooManyMessage);
  const going = judged.filter((a) => a.verdict.ok).length;
  const refused = judged.length - going;
  const hintId = `${inputId}-hint`;

  const add = (list: FileList | null | undefined) => {
    const files = Array.from(list ?? []);
    if (files.length > 0) props.onAdd(files);
  };

  return (
    <section aria-label={title} class="file-attachments">
      <h2>{title}</h2>
      <p id={hintId} class="muted">
        {tn('attach.hint', maxFiles)}
      </p>
      <label for={inputId}>{t('attach.choose')}</label>{' '}
      <input
        id={inputId}
        type="file"
        multiple
        aria-describedby={hintId}
        onChange={(event) => {
          const input = event.currentTarget;
          add(input.files);
          // Cleared so the same file can be chosen again after it was removed.
          input.value = '';
        }}
      />
      <section
        class={dragging ? 'drop-zone drop-zone-active' : 'drop-zone'}
        aria-label={t('attach.dropLabel')}
        onDragEnter={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragOver={(event) => {
          // Without this the browser would open a dropped file itself.
          event.preventDefault();
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          add(event.dataTransfer?.files);
        }}
      >
        {t('attach.drop')}
      </section>
      {props.checking ? <p role="status">{t('attach.checking')}</p> : null}
      {judged.length > 0 ? (
        <>
          <ul aria-label={t('attach.chosen')} class="files">
            {judged.map((attachment) => {
              const name = cleanForDisplay(attachment.facts.name);
              const verdict = attachment.verdict;
              return (
                <li key={attachment.id} class={verdict.ok ? 'file' : 'file file-refused'}>
                  <span class="file-path verbatim">{name}</span>
                  <span class="muted"> · {formatBytes(attachment.facts.sizeBytes)}</span>
                  {verdict.ok ? (
                    <span class="ok-text">
                      {verdict.scanned ? t('attach.willBeSentScanned') : t('attach.willBeSentNotScanned')}
                    </span>
                  ) : (
                    <p class="notice notice-error">{t('attach.notSent', { problem: verdict.message })}</p>
                  )}{' '}
                  <button
                    type="button"
                    class="secondary"
                    aria-label={t('attach.removeLabel', { file: name })}
                    onClick={() => props.onRemove(attachment.id)}
                  >
                    {t('attach.remove')}
                  </button>
                </li>
              );
            })}
          </ul>
          <p role="status">
            {tnNamed('attach.going', maxFiles, { going: formatCount(going) })}
            {refused > 0 ? ` ${tn('attach.removeRefused', refused)}` : ''}
          </p>
        </>
      ) : (
        <p class="muted">{t('attach.none')}</p>
      )}
    </section>
  );
}
