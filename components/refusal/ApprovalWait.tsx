import type { Tolerant } from '@/lib/api/schemas';
import { formatAbsolute } from '@/lib/format/time';
import { SitePageButton } from '../common/SitePageButton';
import { approvalReasonWords } from '../common/words';

interface Props {
  approvalUrl: string | null;
  approvalLine: string | null;
  reason: Tolerant<string> | null;
  expiresAt?: string | null;
}

/** A call waiting for the member: why, the button to the approval page, and that no second click is needed. */
export function ApprovalWait({ approvalUrl, approvalLine, reason, expiresAt }: Props) {
  return (
    <div class="approval">
      <p>{approvalLine ?? approvalReasonWords(reason)}</p>
      <SitePageButton url={approvalUrl} class="primary">
        Approve on the site
      </SitePageButton>
      <p role="status">
        Waiting for your approval… the extension will start it by itself.
        {expiresAt ? ` It can be approved until ${formatAbsolute(expiresAt)}.` : ''}
      </p>
    </div>
  );
}
