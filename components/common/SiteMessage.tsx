import type { MemberError } from '@/lib/db/member-error';
import { UntrustedText } from './UntrustedText';
import { Message } from './Message';

/** The site's own message for a refusal the extension has no words for, shown as the site sent it (as text). */
export function SiteMessage({ error }: { error: MemberError }) {
  const message = error.extras.siteMessage;
  if (!message) return null;
  return (
    <p class="site-message">
      <Message
        id="common.siteSaid"
        parts={{ message: <UntrustedText value={{ untrustedText: message, truncated: false }} /> }}
      />
    </p>
  );
}
