/** Why an address is not one the key may go to, in the member's words (the connect form and the errors'). */
import { t } from '@/lib/i18n';
import type { AddressProblem } from '@/lib/safety/urls';

/** Why an address is not one the key may go to. */
export function addressWords(problem: AddressProblem): string {
  switch (problem) {
    case 'empty':
      return t('local.address.empty');
    case 'scheme':
      return t('local.address.scheme');
    case 'credentials':
      return t('local.address.credentials');
    case 'plain_http':
      return t('local.address.plainHttp');
  }
}
