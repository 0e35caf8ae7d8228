// The member's short name for each switch a `switched_off` refusal can name (its `reason`): one list for
// the background's error messages and the panel's words. Free of zod, so the panel can import it.
import { t } from '@/lib/i18n';

/** The switch's short name, or null for a reason this version does not know (each caller words those its own way). */
export function knownSwitchName(reason: string | null | undefined): string | null {
  switch (reason) {
    case 'files':
      return t('words.switchShort.files');
    case 'tryNewAgents':
      return t('words.switchShort.tryNewAgents');
    case 'sharing':
      return t('words.switchShort.sharing');
    case 'spending':
      return t('words.switchShort.spending');
    default:
      return null;
  }
}
