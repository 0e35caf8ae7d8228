import { describeSecrets, findSecrets } from '@/lib/words/secrets';
import { t } from '@/lib/i18n';

/** Says, while the member types, that the text looks like it holds a secret; nothing is sent while it does. */
export function SecretWarning({ text, id }: { text: string; id?: string }) {
  const findings = findSecrets(text);
  if (findings.length === 0) return null;
  return (
    <p id={id} role="alert" class="notice notice-error">
      {t('common.secretWarning', { what: describeSecrets(findings) })}
    </p>
  );
}

export function hasSecretText(text: string): boolean {
  return findSecrets(text).length > 0;
}
