import type { MemberError } from '@/lib/db/types';
import { UntrustedText } from './UntrustedText';

/** The site's own message for a refusal the extension has no words for, shown as the site sent it (as text). */
export function SiteMessage({ error }: { error: MemberError }) {
  const message = error.extras.siteMessage;
  if (!message) return null;
  return (
    <p class="site-message">
      The site said: “<UntrustedText value={{ untrustedText: message, truncated: false }} />”
    </p>
  );
}
