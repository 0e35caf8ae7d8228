import type { ComponentChildren } from 'preact';
import type { ShareDraft } from '@/lib/api/schemas';
import { PACKAGE_LIMIT_BYTES } from '@/lib/files/limits';
import { checkPackage, packageBytes } from '@/lib/files/share-package';
import { formatBytes } from '@/lib/format/size';
import { formatAbsolute } from '@/lib/format/time';
import { isActiveFile } from '@/lib/safety/active-files';
import { untrustedString } from '@/lib/safety/untrusted';
import { sitePageUrl } from '@/lib/safety/urls';
import { UntrustedText } from '../common/UntrustedText';
import { shareStatusWords } from './words';

export interface ShareDraftViewProps {
  draft: ShareDraft;
  /** The site's origin: the sign-off page is offered only on it (G15, G17). */
  siteOrigin: string;
  /** POST /shares/{draftId}/package; offered only when the local check passes. */
  onPackage: () => void;
  /** Opens the sign-off page for the member; a key never signs off. */
  onOpenSignOff: (url: string) => void;
  /** GET /shares/{draftId} again. */
  onRefresh?: () => void;
  /** PUT the draft's files without this one (lib/files/share-package shareFileIdsWithout). */
  onRemoveFile?: (fileId: string) => void;
  busy?: boolean;
  error?: string | null;
  /** The add-files form, shown while the draft is open. */
  children?: ComponentChildren;
}

/** A share draft as the site last answered it: its files, its package, and where it stands. */
export function ShareDraftView(props: ShareDraftViewProps) {
  const { draft } = props;
  const open = draft.status === 'open';
  const waiting = draft.status === 'waiting_sign_off';
  const total = packageBytes(draft.files);
  const packaging = checkPackage(draft);
  const signOff = draft.signOffUrl ? sitePageUrl(draft.signOffUrl, props.siteOrigin) : null;
  const headingId = `share-${draft.draftId}`;

  return (
    <section aria-labelledby={headingId} class="share-draft">
      <h2 id={headingId}>
        <UntrustedText value={draft.untrustedTitle} empty="Untitled draft" name />
      </h2>
      <p role="status">{shareStatusWords(draft.status)}</p>
      <p class="muted">
        {draft.agentId ? `For agent ${draft.agentId}` : 'No agent named'} · started {formatAbsolute(draft.createdAt)}
      </p>
      {draft.files.length > 0 ? (
        <ul aria-label="Files in the draft" class="files">
          {draft.files.map((file) => {
            const name = untrustedString(file.untrustedPath) || file.fileId;
            return (
              <li key={file.fileId} class="file">
                <UntrustedText value={file.untrustedPath} class="file-path" empty={file.fileId} />
                <span class="muted"> · {formatBytes(file.sizeBytes)}</span>
                {isActiveFile(file) ? <span class="notice-warning"> · active file</span> : null}
                {open && props.onRemoveFile && draft.files.length > 1 ? (
                  <>
                    {' '}
                    <button
                      type="button"
                      class="secondary"
                      aria-label={`Remove ${name} from the draft`}
                      disabled={props.busy}
                      onClick={() => props.onRemoveFile?.(file.fileId)}
                    >
                      Remove
                    </button>
                  </>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : (
        <p class="muted">No files yet.</p>
      )}
      <p class="muted">
        {draft.packageBytes !== null
          ? `Package: ${formatBytes(draft.packageBytes)} of at most ${formatBytes(PACKAGE_LIMIT_BYTES)}.`
          : `Files: ${formatBytes(total)} of at most ${formatBytes(PACKAGE_LIMIT_BYTES)} in the package.`}
      </p>
      {open ? (
        <>
          {props.children}
          {packaging.ok ? null : <p class="notice">{packaging.message}</p>}
          <button type="button" disabled={!packaging.ok || props.busy} onClick={() => packaging.ok && props.onPackage()}>
            Package the draft
          </button>
        </>
      ) : null}
      {waiting ? (
        <div class="notice notice-important">
          <p>Only you can sign off, on the site, signed in. This extension's key never signs off.</p>
          {signOff ? (
            <button type="button" onClick={() => props.onOpenSignOff(signOff)}>
              Sign off on the site
            </button>
          ) : (
            <p class="muted">The site gave no sign-off page of yours to open; look for the draft on the site.</p>
          )}
        </div>
      ) : null}
      {props.error ? (
        <p role="alert" class="notice notice-error">
          {props.error}
        </p>
      ) : null}
      {props.onRefresh ? (
        <button type="button" class="secondary" disabled={props.busy} onClick={props.onRefresh}>
          Read its state again
        </button>
      ) : null}
    </section>
  );
}
