import { useState } from 'preact/hooks';
import type { CallFile } from '@/lib/contract/files';
import { signedFileLink } from '@/lib/files/signed-link';
import { hostPattern } from '@/lib/safety/host-pattern';
import { formatBytes } from '@/lib/format/size';
import { activeWarning, isActiveFile } from '@/lib/safety/active-files';
import { UntrustedText } from '@/components/common/UntrustedText';
import { useActions } from '@/components/common/actions';
import { useSite } from '@/components/common/site';
import { type FileProgress, ResultFiles } from '@/components/files/ResultFiles';
import { useDownloadsLeft } from './useDownloadsLeft';
import { t } from '@/lib/i18n';
import { type HeadingLevel, SubHeading } from '@/components/common/SubHeading';
import { errorText } from '@/components/common/error-text';

/** A link off the site's own host: its host permission is asked for (the site's is held since connecting). */
function needsHostPermission(link: string, siteOrigin: string | null): boolean {
  const linkHost = signedFileLink(link) === null ? null : hostPattern(link);
  return linkHost !== null && (siteOrigin === null || linkHost !== hostPattern(siteOrigin));
}

/**
 * Files of a result, through the shared ResultFiles list (no links; active files saved only after the
 * member confirms; refused before a download would not fit today's allowance). Saving goes through the
 * background's downloadFile, which renews an expired link and never opens the file.
 */
function FilesView({ localId, files, level }: { localId: string; files: CallFile[]; level: HeadingLevel }) {
  // Most results have no files: those read nothing (a session's many results would each keep a live read).
  return files.length === 0 ? null : <ResultFilesWithDownloads localId={localId} files={files} level={level} />;
}

function ResultFilesWithDownloads({
  localId,
  files,
  level,
}: {
  localId: string;
  files: CallFile[];
  level: HeadingLevel;
}) {
  const actions = useActions();
  const site = useSite();
  const downloads = useDownloadsLeft();
  const [progress, setProgress] = useState<Record<string, FileProgress>>({});

  const save = async (fileId: string, confirmedActive: boolean) => {
    setProgress((p) => ({ ...p, [fileId]: { state: 'working' } }));
    // A link on a host of its own (a storage host) needs that host's permission, asked within this click,
    // before any other await. An active file only ever gets here after the member confirmed it.
    const link = files.find((f) => f.fileId === fileId)?.url ?? '';
    if (needsHostPermission(link, site?.origin ?? null) && !(await actions.requestOrigin(new URL(link).origin))) {
      setProgress((p) => ({
        ...p,
        [fileId]: { state: 'failed', message: t('files.hostRefused') },
      }));
      return;
    }
    const result = await actions.send('downloadFile', { localId, fileId, confirmedActive });
    const done: FileProgress = result.ok
      ? { state: 'saved' }
      : { state: 'failed', message: await errorText(result.error) };
    setProgress((p) => ({ ...p, [fileId]: done }));
  };

  return (
    <ResultFiles
      level={level}
      files={files}
      downloadsLeftBytes={downloads === undefined ? undefined : downloads.left}
      allowanceBytes={downloads?.allowance ?? undefined}
      onDownload={(fileId) => void save(fileId, false)}
      onSaveActive={(fileId) => void save(fileId, true)}
      progress={progress}
    />
  );
}

/** The files of a result listed without any way to fetch them (a result this browser did not start). */
function FileList({ files, level }: { files: CallFile[]; level: HeadingLevel }) {
  if (files.length === 0) return null;
  return (
    <section aria-label={t('files.label')}>
      <SubHeading level={level}>{t('files.label')}</SubHeading>
      <ul class="file-list">
        {files.map((file) => (
          <li key={file.fileId}>
            <UntrustedText value={file.untrustedPath} /> · {formatBytes(file.sizeBytes)}
            {isActiveFile(file) ? <p class="warning">{activeWarning(file)}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * A result's files, loaded when a result has any (most have none): the files' views stay out of the panel's
 * script at open. Downloads for a result this browser started; a plain list for one it did not.
 */
export function ResultFilesPart({
  local,
  localId,
  files,
  level,
}: {
  local: boolean;
  localId: string;
  files: CallFile[];
  level: HeadingLevel;
}) {
  return local ? <FilesView localId={localId} files={files} level={level} /> : <FileList files={files} level={level} />;
}
