import { useState } from 'preact/hooks';
import type { CallFile } from '@/lib/api/schemas';
import { db, getConnection } from '@/lib/db';
import { useActions } from '../common/actions';
import { useLiveQuery } from '../common/useLiveQuery';
import { type FileProgress, ResultFiles } from '../files/ResultFiles';

/**
 * Files of a result, through the shared ResultFiles list (no links; active files saved only after the
 * member confirms; refused before a download would not fit today's allowance). Saving goes through the
 * background, which renews an expired link and never opens the file.
 */
export function FilesView({ localId, files }: { localId: string; files: CallFile[] }) {
  const actions = useActions();
  const connection = useLiveQuery(() => getConnection(db), []);
  const [progress, setProgress] = useState<Record<string, FileProgress>>({});
  if (files.length === 0) return null;

  const save = async (fileId: string, confirmedActive: boolean) => {
    setProgress((p) => ({ ...p, [fileId]: { state: 'working' } }));
    const result = await actions.downloadFile(localId, fileId, confirmedActive);
    setProgress((p) => ({
      ...p,
      [fileId]: result.ok ? { state: 'saved' } : { state: 'failed', message: result.error.message },
    }));
  };

  return (
    <ResultFiles
      files={files}
      downloadsLeftBytes={connection.value?.me?.downloadsLeftBytes ?? null}
      onDownload={(fileId) => void save(fileId, false)}
      onSaveActive={(fileId) => void save(fileId, true)}
      progress={progress}
    />
  );
}
