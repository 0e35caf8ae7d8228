import { useEffect, useRef, useState } from 'preact/hooks';
import { fitsAllowance } from '@/lib/files/download-allowance';
import { DOWNLOAD_BYTES_PER_DAY } from '@/lib/files/limits';
import { saveName } from '@/lib/files/save-name';
import { formatBytes } from '@/lib/format/size';
import { activeWarning, isActiveFile } from '@/lib/safety/active-files';
import { type UntrustedTextValue, untrustedString } from '@/lib/safety/untrusted';
import { UntrustedText } from '@/components/common/UntrustedText';
import { t } from '@/lib/i18n';
import { Message } from '@/components/common/Message';

/** What this list needs of a result file. The signed link is left out on purpose: it is never shown. */
interface ResultFileView {
  fileId: string;
  untrustedPath: UntrustedTextValue;
  sizeBytes: number;
  active: boolean;
}

export type FileProgress = { state: 'working' } | { state: 'saved' } | { state: 'failed'; message: string };

export interface ResultFilesProps {
  files: readonly ResultFileView[];
  /** Downloads left now (lib/files/download-allowance downloadsLeft), or null before GET /me was read. */
  downloadsLeftBytes: number | null;
  /** The site's allowance per 24 hours (GET /me limits), the contract's 20 MB until it is read. */
  allowanceBytes?: number;
  /** A plain file: the member clicked Download. */
  onDownload: (fileId: string) => void;
  /** An active file: the member confirmed saving it without opening it. */
  onSaveActive: (fileId: string) => void;
  /** What happened to each file's last download, by fileId. */
  progress?: Readonly<Record<string, FileProgress>>;
}

/**
 * Files of a result. No element links to a file; a plain file downloads on a click, an active one is
 * marked and saved only after the member confirms in a second step. A download that would not fit what is
 * left today is refused here, before anything starts.
 */
export function ResultFiles({
  files,
  downloadsLeftBytes,
  allowanceBytes = DOWNLOAD_BYTES_PER_DAY,
  onDownload,
  onSaveActive,
  progress = {},
}: ResultFilesProps) {
  if (files.length === 0) return null;
  return (
    <section aria-label={t('resultFiles.label')} class="result-files">
      <h3>{t('resultFiles.heading')}</h3>
      <p class="muted">
        {t('resultFiles.left', {
          left:
            downloadsLeftBytes === null
              ? t('resultFiles.notKnown')
              : t('resultFiles.leftOf', {
                  left: formatBytes(downloadsLeftBytes),
                  allowance: formatBytes(allowanceBytes),
                }),
        })}
      </p>
      <ul class="files">
        {files.map((file) => (
          <ResultFileItem
            key={file.fileId}
            file={file}
            leftBytes={downloadsLeftBytes}
            progress={progress[file.fileId]}
            onDownload={onDownload}
            onSaveActive={onSaveActive}
          />
        ))}
      </ul>
    </section>
  );
}

interface ItemProps {
  file: ResultFileView;
  leftBytes: number | null;
  progress: FileProgress | undefined;
  onDownload: (fileId: string) => void;
  onSaveActive: (fileId: string) => void;
}

function ResultFileItem({ file, leftBytes, progress, onDownload, onSaveActive }: ItemProps) {
  const active = isActiveFile(file);
  const [confirming, setConfirming] = useState(false);
  const name = untrustedString(file.untrustedPath) || file.fileId;
  const fit = fitsAllowance(file.sizeBytes, leftBytes);
  const working = progress?.state === 'working';
  const ids = { warning: `file-warning-${file.fileId}`, refusal: `file-refusal-${file.fileId}` };

  const refusal = fit.ok
    ? null
    : fit.reason === 'unknown_allowance'
      ? t('resultFiles.allowanceUnknown')
      : t('resultFiles.tooLarge', { left: formatBytes(fit.leftBytes ?? 0) });

  return (
    <li class={active ? 'file file-active' : 'file'}>
      <UntrustedText value={file.untrustedPath} class="file-path" empty={file.fileId} />
      <span class="muted"> · {formatBytes(file.sizeBytes)}</span>
      {active ? (
        <p id={ids.warning} class="notice notice-warning" role="note">
          ⚠ {activeWarning(file)}
        </p>
      ) : null}
      {refusal ? (
        <p id={ids.refusal} class="notice">
          {refusal}
        </p>
      ) : null}
      {active ? (
        confirming ? (
          <ConfirmSave
            file={file}
            name={name}
            onConfirm={() => {
              setConfirming(false);
              onSaveActive(file.fileId);
            }}
            onCancel={() => setConfirming(false)}
          />
        ) : (
          <button
            type="button"
            class="secondary"
            disabled={!fit.ok || working}
            aria-label={t('resultFiles.saveAnywayLabel', { file: name })}
            aria-describedby={refusal ? `${ids.warning} ${ids.refusal}` : ids.warning}
            onClick={() => setConfirming(true)}
          >
            {t('resultFiles.saveAnyway')}
          </button>
        )
      ) : (
        <button
          type="button"
          class="secondary"
          disabled={!fit.ok || working}
          aria-label={t('resultFiles.downloadLabel', { file: name })}
          aria-describedby={refusal ? ids.refusal : undefined}
          onClick={() => {
            // Checked again at the click: the allowance may have changed since the render.
            if (fitsAllowance(file.sizeBytes, leftBytes).ok) onDownload(file.fileId);
          }}
        >
          {t('resultFiles.download')}
        </button>
      )}
      <ProgressLine progress={progress} active={active} />
    </li>
  );
}

function ConfirmSave(props: { file: ResultFileView; name: string; onConfirm: () => void; onCancel: () => void }) {
  const cancel = useRef<HTMLButtonElement>(null);
  // Focus lands on the harmless choice, so a second press of Enter does not save.
  useEffect(() => cancel.current?.focus(), []);
  const titleId = `confirm-title-${props.file.fileId}`;
  const textId = `confirm-text-${props.file.fileId}`;
  return (
    <div role="alertdialog" aria-labelledby={titleId} aria-describedby={textId} class="confirm">
      <p id={titleId}>
        <strong>
          <Message
            id="resultFiles.confirmTitle"
            parts={{ file: <UntrustedText value={props.file.untrustedPath} empty={props.file.fileId} name /> }}
          />
        </strong>
      </p>
      <p id={textId}>
        <Message
          id="resultFiles.confirmText"
          parts={{ name: <span class="verbatim">{saveName(untrustedString(props.file.untrustedPath), true)}</span> }}
        />
      </p>
      <button type="button" class="danger" onClick={props.onConfirm}>
        {t('resultFiles.saveWithoutOpening')}
      </button>{' '}
      <button type="button" class="secondary" ref={cancel} onClick={props.onCancel}>
        {t('resultFiles.cancel')}
      </button>
    </div>
  );
}

function ProgressLine({ progress, active }: { progress: FileProgress | undefined; active: boolean }) {
  if (!progress) return null;
  switch (progress.state) {
    case 'working':
      return <p role="status">{active ? t('resultFiles.saving') : t('resultFiles.downloading')}</p>;
    case 'saved':
      return <p role="status">{t('resultFiles.saved')}</p>;
    case 'failed':
      return (
        <p role="alert" class="error-text">
          {progress.message}
        </p>
      );
  }
}
