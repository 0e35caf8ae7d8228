/** The secret guard's findings in the member's words: "a private key block and a GitHub token". */
import { t } from '@/lib/i18n';
import { listFormat } from '@/lib/i18n/intl';
import { memberLocale } from '@/lib/i18n/locale';
import { type SecretKind, secretKinds } from '@/lib/safety/secret-guard';

export interface SecretFinding {
  /** Stable id of the pattern, e.g. "private_key". */
  kind: SecretKind;
  /** What was found, in the member's words: "a private key block". Never contains the secret. */
  label: string;
}

/** Everything in `text` that looks like a key, password or token; one finding per kind, in a fixed order. */
export function findSecrets(text: string): SecretFinding[] {
  return secretKinds(text).map((kind) => ({ kind, label: secretLabel(kind) }));
}

/** A kind of secret in the member's words, as it reads after "looks like it holds": "a GitHub token". */
export function secretLabel(kind: SecretKind): string {
  switch (kind) {
    case 'private_key':
      return t('secrets.privateKey');
    case 'connection_key':
      return t('secrets.connectionKey');
    case 'jwt':
      return t('secrets.jwt');
    case 'openai_like_key':
      return t('secrets.apiKey');
    case 'stripe_key':
      return t('secrets.stripeKey');
    case 'aws_access_key':
      return t('secrets.awsKey');
    case 'github_token':
      return t('secrets.githubToken');
    case 'gitlab_token':
      return t('secrets.gitlabToken');
    case 'slack_token':
      return t('secrets.slackToken');
    case 'google_api_key':
      return t('secrets.googleKey');
    case 'bearer_token':
      return t('secrets.bearerToken');
    case 'url_password':
      return t('secrets.urlPassword');
    case 'assignment':
      return t('secrets.assignment');
  }
}

/** "a private key block and a GitHub token": for a message to the member, joined in their language. */
export function describeSecrets(findings: readonly Pick<SecretFinding, 'label'>[]): string {
  return listFormat(memberLocale(), { type: 'conjunction' }).format(findings.map((f) => f.label));
}
