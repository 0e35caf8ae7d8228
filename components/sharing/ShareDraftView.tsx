import type { ComponentChildren } from 'preact';
import type { ShareDraft } from '@/lib/contract/shares';
import { checkPackage, packageBytes } from '@/lib/files/share-package';
import { formatBytes } from '@/lib/format/size';
import { isActiveFile } from '@/lib/safety/active-files';
import { untrustedString } from '@/lib/safety/untrusted';
import { sitePageUrl } from '@/lib/safety/urls';
import { UntrustedText } from '@/components/common/UntrustedText';
import { shareStatusWords } from '@/lib/words/sharing';
import { t } from '@/lib/i18n';
import { Message } from '@/components/common/Message';
import { Time } from '@/components/common/Time';
import { MAX_PACKAGE_BODY_BYTES } from '@/lib/contract/limits';

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
        <UntrustedText value={draft.untrustedTitle} empty={t('share.draft.untitled')} name />
      </h2>
      <p role="status">{shareStatusWords(draft.status)}</p>
      <p class="muted">
        {draft.agentId ? (
          <Message
            id="share.draft.forAgent"
            parts={{ agent: <code class="verbatim">{draft.agentId}</code>, time: <Time iso={draft.createdAt} /> }}
          />
        ) : (
          <Message id="share.draft.noAgent" parts={{ time: <Time iso={draft.createdAt} /> }} />
        )}
      </p>
      {draft.files.length > 0 ? (
        <ul aria-label={t('share.draft.filesLabel')} class="files">
          {draft.files.map((file) => {
            const name = untrustedString(file.untrustedPath) || file.fileId;
            return (
              <li key={file.fileId} class="file">
                <UntrustedText value={file.untrustedPath} class="file-path" empty={file.fileId} />
                <span class="muted"> · {formatBytes(file.sizeBytes)}</span>
                {isActiveFile(file) ? <span class="notice-warning">{t('share.draft.active')}</span> : null}
                {open && props.onRemoveFile && draft.files.length > 1 ? (
                  <>
                    {' '}
                    <button
                      type="button"
                      class="secondary"
                      aria-label={t('attach.removeLabel', { file: name })}
                      disabled={props.busy}
                      onClick={() => props.onRemoveFile?.(file.fileId)}
                    >
                      {t('attach.remove')}
                    </button>
                  </>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : (
        <p class="muted">{t('share.draft.noFiles')}</p>
      )}
      <p class="muted">
        {draft.packageBytes !== null
          ? t('share.draft.packageSize', {
              size: formatBytes(draft.packageBytes),
              max: formatBytes(MAX_PACKAGE_BODY_BYTES),
            })
          : t('share.draft.filesSize', { size: formatBytes(total), max: formatBytes(MAX_PACKAGE_BODY_BYTES) })}
      </p>
      {open ? (
        <>
          {props.children}
          {packaging.ok ? null : <p class="notice">{packaging.message}</p>}
          <button
            type="button"
            disabled={!packaging.ok || props.busy}
            onClick={() => packaging.ok && props.onPackage()}
          >
            {t('share.draft.package')}
          </button>
        </>
      ) : null}
      {waiting ? (
        <div class="notice notice-important">
          <p>{t('share.draft.onlyYou')}</p>
          {signOff ? (
            <button type="button" onClick={() => props.onOpenSignOff(signOff)}>
              {t('findings.signOff')}
            </button>
          ) : (
            <p class="muted">{t('share.draft.noSignOffPage')}</p>
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
          {t('status.readAgain')}
        </button>
      ) : null}
    </section>
  );
}
