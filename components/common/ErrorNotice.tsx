import type { MemberError } from '@/lib/db/member-error';
import { SiteMessage } from './SiteMessage';
import { t } from '@/lib/i18n';
import { useErrorText } from './error-text';

/**
 * An error in the member's words (lib/api/errors wrote them, next step included); what the secret guard
 * found, by kind only; the code kept for support, in small print.
 */
export function ErrorNotice({ error, title }: { error: MemberError; title?: string }) {
  const found = error.extras.found ?? [];
  const text = useErrorText(error);
  return (
    <div role="alert" class="notice notice-error">
      {title ? <strong>{title} </strong> : null}
      <span>{text}</span>
      <SiteMessage error={error} />
      {found.length > 0 ? (
        <ul aria-label={t('common.whatWasFound')}>
          {found.map((label) => (
            <li key={label}>{label}</li>
          ))}
        </ul>
      ) : null}
      <small class="muted code verbatim"> ({error.code})</small>
    </div>
  );
}
