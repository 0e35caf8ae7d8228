import type { Amount } from '@/lib/contract/tolerant';
import { useEffect, useRef, useState } from 'preact/hooks';
import { fitsAllowance } from '@/lib/files/download-allowance';
import { saveName } from '@/lib/files/save-name';
import { formatBytes } from '@/lib/format/size';
import { activeWarning, isActiveFile } from '@/lib/safety/active-files';
import { type UntrustedTextValue, untrustedString } from '@/lib/safety/untrusted';
import { UntrustedText } from '@/components/common/UntrustedText';
import { t } from '@/lib/i18n';
import { type HeadingLevel, SubHeading } from '@/components/common/SubHeading';
import { Message } from '@/components/common/Message';
import { DOWNLOAD_BYTES_PER_DAY } from '@/lib/contract/limits';

/** What this list needs of a result file. The signed link is left out on purpose: it is never shown. */
interface ResultFileView {
  fileId: string;
  untrustedPath: UntrustedTextValue;
  sizeBytes: Amount;
  active: boolean;
}

export type FileProgress = { state: 'working' } | { state: 'saved' } | { state: 'failed'; message: string };

export interface ResultFilesProps {
  /** The heading level under the result (2 under the view's h1, 3 under a named result). */
  level?: HeadingLevel;
  files: readonly ResultFileView[];
  /**
   * Downloads left now (lib/files/download-allowance downloadsLeft); null when GET /me was not read, undefined
   * while that is still being looked up. Nothing downloads unless it is a number the file fits.
   */
  downloadsLeftBytes: number | null | undefined;
  /** The site's allowance per 24 hours (GET /me limits), the contract's 20 MB until it is read. */
  allowanceBytes?: number | undefined;
  /** A plain file: the member clicked Download. */
  onDownload: (fileId: string) => void;
  /** An active file: the member confirmed saving it without opening it. */
  onSaveActive: (fileId: string) => void;
  /** What happened to each file's last download, by fileId. */
  progress?: Readonly<Record<string, FileProgress>>;
}

const UNKNOWN_ID = 'files-allowance-unknown';

/**
 * What is left today, said only where it matters: once something was downloaded (less is left than the
 * allowance) or a file is larger than what is left; a fresh day's "20 MB of 20 MB" says nothing.
 */
function leftLine(files: readonly ResultFileView[], left: number, allowance: number): string | null {
  if (left >= allowance && files.every((f) => fitsAllowance(f.sizeBytes, left).ok)) return null;
  return t('resultFiles.left', {
    left: t('resultFiles.leftOf', { left: formatBytes(left), allowance: formatBytes(allowance) }),
  });
}

/**
 * Files of a result, one row each: its name and size, its button at the row's end (every button at the same
 * place). No element links to a file; a plain file downloads on a click, an active one is marked and saved
 * only after the member confirms in a second step. A download that would not fit what is left today is
 * refused here, before anything starts.
 */
export function ResultFiles({
  files,
  downloadsLeftBytes,
  allowanceBytes = DOWNLOAD_BYTES_PER_DAY,
  onDownload,
  onSaveActive,
  progress = {},
  level = 3,
}: ResultFilesProps) {
  if (files.length === 0) return null;
  const left = downloadsLeftBytes ?? null;
  const line = typeof downloadsLeftBytes === 'number' ? leftLine(files, downloadsLeftBytes, allowanceBytes) : null;
  return (
    <section aria-label={t('resultFiles.label')} class="result-files">
      <SubHeading level={level}>{t('files.label')}</SubHeading>
      {line ? <p class="muted">{line}</p> : null}
      {downloadsLeftBytes === null ? (
        <p id={UNKNOWN_ID} class="notice">
          {t('resultFiles.allowanceUnknown')}
        </p>
      ) : null}
      <ul class="files">
        {files.map((file) => (
          <ResultFileItem
            key={file.fileId}
            file={file}
            leftBytes={left}
            unknownId={downloadsLeftBytes === null ? UNKNOWN_ID : null}
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
  /** The list's one line saying the allowance is not known, which each disabled button points to. */
  unknownId: string | null;
  progress: FileProgress | undefined;
  onDownload: (fileId: string) => void;
  onSaveActive: (fileId: string) => void;
}

function ResultFileItem({ file, leftBytes, unknownId, progress, onDownload, onSaveActive }: ItemProps) {
  const active = isActiveFile(file);
  const [confirming, setConfirming] = useState(false);
  const name = untrustedString(file.untrustedPath) || file.fileId;
  const fit = fitsAllowance(file.sizeBytes, leftBytes);
  const working = progress?.state === 'working';
  const ids = { warning: `file-warning-${file.fileId}`, refusal: `file-refusal-${file.fileId}` };

  // Too large is said on the file; an allowance not known yet is said once for the list (or not at all while
  // it is still being looked up).
  const refusal =
    fit.ok || fit.reason === 'unknown_allowance'
      ? null
      : t('resultFiles.tooLarge', { left: formatBytes(fit.leftBytes ?? 0) });
  const why = refusal ? ids.refusal : fit.ok ? null : unknownId;
  const describedBy = (active ? [ids.warning, why] : [why]).filter(Boolean).join(' ') || undefined;

  return (
    <li class={active ? 'result-file file-active' : 'result-file'}>
      <span class="result-file-name">
        <UntrustedText value={file.untrustedPath} class="file-path" empty={file.fileId} />
        <span class="muted result-file-size"> · {formatBytes(file.sizeBytes)}</span>
      </span>
      {active ? (
        <p id={ids.warning} class="notice notice-warning result-file-more" role="note">
          ⚠ {activeWarning(file)}
        </p>
      ) : null}
      {refusal ? (
        <p id={ids.refusal} class="notice result-file-more">
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
            class="secondary result-file-button"
            disabled={!fit.ok || working}
            aria-label={t('resultFiles.saveAnywayLabel', { file: name })}
            aria-describedby={describedBy}
            onClick={() => setConfirming(true)}
          >
            {t('resultFiles.saveAnyway')}
          </button>
        )
      ) : (
        <button
          type="button"
          class="secondary result-file-button"
          disabled={!fit.ok || working}
          aria-label={t('resultFiles.downloadLabel', { file: name })}
          aria-describedby={describedBy}
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
    <div role="alertdialog" aria-labelledby={titleId} aria-describedby={textId} class="confirm result-file-more">
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
      return (
        <p role="status" class="result-file-more">
          {active ? t('resultFiles.saving') : t('resultFiles.downloading')}
        </p>
      );
    case 'saved':
      return (
        <p role="status" class="result-file-more">
          {t('resultFiles.saved')}
        </p>
      );
    case 'failed':
      return (
        <p role="alert" class="error-text result-file-more">
          {progress.message}
        </p>
      );
  }
}
