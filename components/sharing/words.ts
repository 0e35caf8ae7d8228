// The panel's words for share draft statuses. An unknown value is named as unknown, never guessed at
// (schemas keep it as { unknown }). A shared project's contribution state is worded as a finding's
// (lib/findings/words.ts): both are contributions of an agent.
import type { ShareDraftStatus, Tolerant } from '@/lib/api/schemas';
import { knownValue } from '@/lib/api/tolerant';
import { unknownWords } from '../common/words';

export function shareStatusWords(value: Tolerant<ShareDraftStatus>): string {
  switch (knownValue(value)) {
    case 'open':
      return 'Open: add its files, then package it';
    case 'waiting_sign_off':
      return 'Packaged: waiting for your sign-off on the site';
    case 'signed_off':
      return 'Signed off';
    case 'discarded':
      return 'Discarded';
    default:
      return `State ${unknownWords(value)}`;
  }
}
