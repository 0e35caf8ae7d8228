import type { Ref } from 'preact';
import { useEffect } from 'preact/hooks';
import { connectionPageUrl } from '@/lib/safety/urls';
import { useActions } from '@/components/common/actions';
import { useSite } from '@/components/common/site';
import { useOffers } from '@/components/common/useOffers';
import { FileAttachments } from './FileAttachments';
import { type UploadOutcome, useFileUploads } from './useFileUploads';
import { t } from '@/lib/i18n';

/** What the call's form needs to know of the chosen files. */
export interface CallFilesSummary {
  count: number;
  checking: boolean;
  /** Files that cannot be sent until removed. */
  refused: number;
}

/** What the call's form may do with them: upload before the call, or drop them. */
export interface CallFilesHandle {
  upload(): Promise<UploadOutcome>;
  clear(): void;
}

export interface CallFilesProps {
  /** switches.files as last read (GET /me, else the claim answer). */
  filesSwitchOn: boolean;
  /** The site answered 403 switched_off (reason files). */
  switchedOffBySite: boolean;
  /** The session the call goes to, when it is known: uploads name it (a session-scoped key needs it). */
  sessionId?: string | null;
  handle: Ref<CallFilesHandle | null>;
  onSummary: (summary: CallFilesSummary) => void;
}

/**
 * The files that go with a call, or, with the files switch off, where the member can switch it on. It owns
 * the chosen files (so it can be loaded apart from the panel's first bundle) and lends the form a handle.
 */
export function CallFiles({ filesSwitchOn, switchedOffBySite, sessionId, handle, onSummary }: CallFilesProps) {
  const actions = useActions();
  const site = useSite();
  const offers = useOffers();
  const uploads = useFileUploads({ sessionId });
  const page = site ? connectionPageUrl(site.origin, site.connectionId) : null;
  const count = uploads.attachments.length;

  if (handle && typeof handle === 'object') handle.current = { upload: uploads.upload, clear: uploads.clear };
  useEffect(
    () => onSummary({ count, checking: uploads.checking, refused: uploads.refused }),
    [count, uploads.checking, uploads.refused],
  );

  // POST /files is named by the contract without a shape: a site that does not offer it takes calls without files.
  if (offers.uploadFile === 'not_offered' && count === 0) {
    return <p class="muted">{t('background.notOffered.files')}</p>;
  }

  return (
    <FileAttachments
      filesSwitchOn={filesSwitchOn}
      switchedOffBySite={switchedOffBySite}
      attachments={uploads.attachments}
      checking={uploads.checking}
      onAdd={uploads.add}
      onRemove={uploads.remove}
      onOpenSettings={() => {
        if (page) void actions.send('openSitePage', { url: page });
      }}
    />
  );
}
