import { connectionPageUrl } from '@/lib/safety/urls';
import { useActions } from '../common/actions';
import { useSite } from '../common/site';
import { FileAttachments } from './FileAttachments';
import type { FileUploads } from './useFileUploads';

export interface CallFilesProps {
  uploads: FileUploads;
  /** switches.files as last read (GET /me, else the claim answer). */
  filesSwitchOn: boolean;
  /** The site answered 403 switched_off (reason files). */
  switchedOffBySite: boolean;
}

/** The files that go with a call, or, with the files switch off, where the member can switch it on. */
export function CallFiles({ uploads, filesSwitchOn, switchedOffBySite }: CallFilesProps) {
  const actions = useActions();
  const site = useSite();
  const page = site ? connectionPageUrl(site.origin, site.connectionId) : null;
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
