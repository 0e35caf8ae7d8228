import { useState } from 'preact/hooks';
import type { ShareDraft } from '@/lib/contract/shares';
import type { MemberError } from '@/lib/db/member-error';
import { shareFileIds, shareFileIdsWithout } from '@/lib/files/share-package';
import { connectionPageUrl } from '@/lib/safety/urls';
import { useActions } from '@/components/common/actions';
import { useSite } from '@/components/common/site';
import { isFilesSwitchedOff } from '@/components/files/switched-off';
import { useFileUploads } from '@/components/files/useFileUploads';
import { ShareDraftView } from './ShareDraftView';
import { ShareFilesForm } from './ShareFilesForm';
import { MAX_FILES_PER_SHARE } from '@/lib/contract/limits';
import { useErrorText } from '@/components/common/error-text';

export interface ShareDraftItemProps {
  draft: ShareDraft;
  filesSwitchOn: boolean;
  /** A command came back 403 switched_off (reason sharing): the owner shows the switch. */
  onSharingOff: (error: MemberError) => void;
}

const isSharingOff = (error: MemberError) => error.code === 'switched_off' && error.extras.reason === 'sharing';

/**
 * One share draft and what the member can do with it: add files (each checked, uploaded once, then the
 * draft's whole list PUT), remove one, package it (1 MB checked first), read its state, and, once it
 * waits, open the site's sign-off page. Every change comes back through the shares table.
 */
export function ShareDraftItem({ draft, filesSwitchOn, onSharingOff }: ShareDraftItemProps) {
  const actions = useActions();
  const site = useSite();
  const room = Math.max(0, MAX_FILES_PER_SHARE - draft.files.length);
  const uploads = useFileUploads({ maxFiles: room });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<MemberError | null>(null);
  const errorText = useErrorText(error);

  const run = async (job: () => Promise<MemberError | null>) => {
    setBusy(true);
    setError(null);
    const failed = await job();
    setBusy(false);
    if (failed && isSharingOff(failed)) onSharingOff(failed);
    setError(failed);
  };

  const putFiles = async (fileIds: string[]): Promise<MemberError | null> => {
    const result = await actions.send('putShareFiles', { draftId: draft.draftId, fileIds });
    return result.ok ? null : result.error;
  };

  const addFiles = () =>
    run(async () => {
      const up = await uploads.upload();
      if (!up.ok) return up.error;
      const ids = shareFileIds(draft, up.fileIds);
      if (!ids.ok) return { code: 'invalid_batch', message: ids.message, extras: {} };
      const failed = await putFiles(ids.value);
      if (!failed) uploads.clear();
      return failed;
    });

  const removeFile = (fileId: string) =>
    run(async () => {
      const ids = shareFileIdsWithout(draft, fileId);
      return ids.ok ? putFiles(ids.value) : { code: 'invalid_batch', message: ids.message, extras: {} };
    });

  const packageDraft = () =>
    run(async () => {
      const result = await actions.send('packageShare', { draftId: draft.draftId });
      return result.ok ? null : result.error;
    });

  const refresh = () =>
    run(async () => {
      const result = await actions.send('refreshShare', { draftId: draft.draftId });
      return result.ok ? null : result.error;
    });

  const openSignOff = (url: string) =>
    run(async () => {
      const opened = await actions.send('openSitePage', { url });
      if (!opened.ok) return opened.error;
      // The member is signing off now: read the draft at the fast pace again.
      await actions.send('refreshShare', { draftId: draft.draftId });
      return null;
    });

  const settings = site ? connectionPageUrl(site.origin, site.connectionId) : null;

  return (
    <ShareDraftView
      draft={draft}
      siteOrigin={site?.origin ?? ''}
      onPackage={() => void packageDraft()}
      onOpenSignOff={(url) => void openSignOff(url)}
      onRefresh={() => void refresh()}
      onRemoveFile={(fileId) => void removeFile(fileId)}
      busy={busy}
      error={errorText}
    >
      <ShareFilesForm
        draft={draft}
        filesSwitchOn={filesSwitchOn}
        switchedOffBySite={isFilesSwitchedOff(error)}
        attachments={uploads.attachments}
        checking={uploads.checking}
        onAdd={uploads.add}
        onRemove={uploads.remove}
        onOpenSettings={() => {
          if (settings) void actions.send('openSitePage', { url: settings });
        }}
        onSubmit={() => void addFiles()}
        busy={busy}
      />
    </ShareDraftView>
  );
}
