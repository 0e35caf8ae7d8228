import { useId, useState } from 'preact/hooks';
import { type Attachment, judgeAttachments } from '@/lib/files/attachments';
import { MAX_FILES_PER_CALL } from '@/lib/files/limits';
import { formatBytes } from '@/lib/format/size';
import { cleanForDisplay } from '@/lib/safety/untrusted';

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
  const { attachments, maxFiles = MAX_FILES_PER_CALL, title = 'Files to send with this call' } = props;
  const inputId = useId();
  const [dragging, setDragging] = useState(false);

  if (!props.filesSwitchOn || props.switchedOffBySite) {
    return (
      <section aria-label={title} class="file-attachments">
        <h2>{title}</h2>
        <p class="notice">
          {props.switchedOffBySite
            ? 'The site says sending files is switched off for this connection.'
            : 'Sending files is switched off for this connection.'}{' '}
          You can switch it on on your connection's page on the site.
        </p>
        <button type="button" class="secondary" onClick={props.onOpenSettings}>
          Open your connection's page
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
        At most {maxFiles} {maxFiles === 1 ? 'file' : 'files'}, each in a request of at most 64 KB (about 48 KB of
        file). Text files are checked for keys, passwords and tokens before anything is sent.
      </p>
      <label for={inputId}>Choose files</label>{' '}
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
        aria-label="Drop files here"
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
        Or drop files here. (With a keyboard, use Choose files.)
      </section>
      {props.checking ? <p role="status">Checking the files…</p> : null}
      {judged.length > 0 ? (
        <>
          <ul aria-label="Chosen files" class="files">
            {judged.map((attachment) => {
              const name = cleanForDisplay(attachment.facts.name);
              const verdict = attachment.verdict;
              return (
                <li key={attachment.id} class={verdict.ok ? 'file' : 'file file-refused'}>
                  <span class="file-path">{name}</span>
                  <span class="muted"> · {formatBytes(attachment.facts.sizeBytes)}</span>
                  {verdict.ok ? (
                    <span class="ok-text">
                      {' '}
                      · Will be sent{verdict.scanned ? ' (checked: no keys or passwords found)' : ' (not text, so not scanned)'}
                    </span>
                  ) : (
                    <p class="notice notice-error">Not sent: {verdict.message}</p>
                  )}{' '}
                  <button type="button" class="secondary" aria-label={`Remove ${name}`} onClick={() => props.onRemove(attachment.id)}>
                    Remove
                  </button>
                </li>
              );
            })}
          </ul>
          <p role="status">
            {going} of {maxFiles} {maxFiles === 1 ? 'file' : 'files'} will be sent.
            {refused > 0 ? ` Remove the ${refused === 1 ? 'file' : `${refused} files`} that cannot be sent first.` : ''}
          </p>
        </>
      ) : (
        <p class="muted">No files chosen.</p>
      )}
    </section>
  );
}
