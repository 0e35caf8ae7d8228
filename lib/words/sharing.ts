// The panel's words for share draft statuses. An unknown value is named as unknown, never guessed at
// (schemas keep it as { unknown }). A shared project's contribution state is worded as a finding's
// (lib/words/findings.ts): both are contributions of an agent.
import type { ShareDraftStatus } from '@/lib/contract/shares';
import type { Tolerant } from '@/lib/contract/tolerant';
import { knownValue } from '@/lib/contract/tolerant';
import { unknownWords } from './unknown';
import { t } from '@/lib/i18n';

export function shareStatusWords(value: Tolerant<ShareDraftStatus>): string {
  switch (knownValue(value)) {
    case 'open':
      return t('share.status.open');
    case 'waiting_sign_off':
      return t('share.status.waitingSignOff');
    case 'signed_off':
      return t('share.status.signedOff');
    case 'discarded':
      return t('share.status.discarded');
    default:
      return t('share.status.unknown', { value: unknownWords(value) });
  }
}
