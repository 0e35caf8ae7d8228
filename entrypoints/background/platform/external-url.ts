/**
 * Opens an address that came from untrusted content (a plan's link, a finding's source) in a new tab, when
 * the member clicked for it. The panel offers only http and https; checked again here, since this is where
 * the tab is made: no other scheme, and no user name or password smuggled into the address.
 */
import { browser } from 'wxt/browser';
import { CommandFailure, localError } from '@/lib/protocol/envelope';
import { t } from '@/lib/i18n';

export function externalUrl(input: string): string | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username !== '' || url.password !== '') return null;
  return url.href;
}

export async function openExternalUrl(input: string): Promise<void> {
  const url = externalUrl(input);
  if (url === null) {
    throw new CommandFailure(localError('not_http', t('background.notHttp')));
  }
  await browser.tabs.create({ url });
}
