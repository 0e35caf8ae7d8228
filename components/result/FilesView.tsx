import { useState } from 'preact/hooks';
import type { CallFile } from '@/lib/api/schemas';
import { getConnection } from '@/lib/db/queries';
import { downloadsLeft } from '@/lib/files/download-allowance';
import { signedFileLink } from '@/lib/files/signed-link';
import { hostPattern } from '@/lib/safety/host-pattern';
import { formatBytes } from '@/lib/format/size';
import { activeWarning, isActiveFile } from '@/lib/safety/active-files';
import { UntrustedText } from '@/components/common/UntrustedText';
import { useActions } from '@/components/common/actions';
import { useSite } from '@/components/common/site';
import { useLiveQuery } from '@/components/common/useLiveQuery';
import { type FileProgress, ResultFiles } from '@/components/files/ResultFiles';
import { t } from '@/lib/i18n';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Downloads left now (GET /me's reading less the downloads the background recorded since, as it counts) and the
 * site's own allowance, so the figure reads as the Connection tab shows it.
 */
function useDownloadsLeft(): { left: number | null; allowance: number } | null {
  const live = useLiveQuery(async (db) => {
    const conn = await getConnection(db);
    const records = await db.downloads
      .where('at')
      .above(Date.now() - DAY_MS)
      .toArray();
    if (!conn?.me) return null;
    return {
      left: downloadsLeft(
        { leftBytes: conn.me.downloadsLeftBytes, readAt: conn.meAt ? Date.parse(conn.meAt) : Date.now() },
        records,
      ),
      allowance: conn.me.limits.downloadBytesPerDay,
    };
  }, []);
  return live.value ?? null;
}

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
export function FilesView({ localId, files }: { localId: string; files: CallFile[] }) {
  // Most results have no files: those read nothing (a session's many results would each keep a live read).
  return files.length === 0 ? null : <ResultFilesWithDownloads localId={localId} files={files} />;
}

function ResultFilesWithDownloads({ localId, files }: { localId: string; files: CallFile[] }) {
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
    setProgress((p) => ({
      ...p,
      [fileId]: result.ok ? { state: 'saved' } : { state: 'failed', message: result.error.message },
    }));
  };

  return (
    <ResultFiles
      files={files}
      downloadsLeftBytes={downloads?.left ?? null}
      allowanceBytes={downloads?.allowance}
      onDownload={(fileId) => void save(fileId, false)}
      onSaveActive={(fileId) => void save(fileId, true)}
      progress={progress}
    />
  );
}

/** The files of a result listed without any way to fetch them (a result this browser did not start). */
export function FileList({ files }: { files: CallFile[] }) {
  if (files.length === 0) return null;
  return (
    <section aria-label={t('files.label')}>
      <h3>{t('files.heading')}</h3>
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
