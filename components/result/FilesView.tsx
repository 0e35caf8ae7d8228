import { useState } from 'preact/hooks';
import type { CallFile } from '@/lib/api/schemas';
import { formatBytes } from '@/lib/format/size';
import { activeWarning, isActiveFile } from '@/lib/safety/active-files';
import { untrustedString } from '@/lib/safety/untrusted';
import { useActions } from '../common/actions';
import { UntrustedText } from '../common/UntrustedText';

/**
 * Files of a result: path and size. No element links to a file: a plain file is saved through the
 * background on a click; an active one is marked and saved only after the member confirms, never opened.
 */
export function FilesView({ localId, files }: { localId: string; files: CallFile[] }) {
  if (files.length === 0) return null;
  return (
    <section aria-label="Files">
      <h4>Files</h4>
      <ul class="files">
        {files.map((file) => (
          <FileItem key={file.fileId} localId={localId} file={file} />
        ))}
      </ul>
    </section>
  );
}

function FileItem({ localId, file }: { localId: string; file: CallFile }) {
  const actions = useActions();
  const active = isActiveFile(file);
  const [confirmed, setConfirmed] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const name = untrustedString(file.untrustedPath) || file.fileId;
  const warningId = `file-warning-${file.fileId}`;

  const save = async () => {
    setMessage(null);
    const result = await actions.downloadFile(localId, file.fileId);
    setMessage(result.ok ? 'Saved to your downloads. It was not opened.' : result.error.message);
  };

  return (
    <li class={active ? 'file file-active' : 'file'}>
      <UntrustedText value={file.untrustedPath} class="file-path" empty={file.fileId} />
      <span class="muted"> · {formatBytes(file.sizeBytes)}</span>
      {active ? (
        <>
          <p id={warningId} class="notice notice-warning" role="note">
            ⚠ {activeWarning(file)}
          </p>
          <label>
            <input type="checkbox" checked={confirmed} onChange={(e) => setConfirmed(e.currentTarget.checked)} />I
            understand this file can run code; save it without opening it
          </label>
          <button type="button" class="secondary" disabled={!confirmed} onClick={save} aria-label={`Save active file ${name}`} aria-describedby={warningId}>
            Save without opening
          </button>
        </>
      ) : (
        <button type="button" class="secondary" onClick={save} aria-label={`Download ${name}`}>
          Download
        </button>
      )}
      {message ? <p role="status">{message}</p> : null}
    </li>
  );
}
