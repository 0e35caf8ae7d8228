import { UntrustedText } from '@/components/common/UntrustedText';
import type { MissingDetail } from '@/lib/contract/calls';
import { t, tn } from '@/lib/i18n';

/** What the apply call still waits for, first asked first, named as the site names the details. */
export function MissingList({ missing }: { missing: readonly MissingDetail[] }) {
  if (missing.length === 0) return null;
  return (
    <ol aria-label={t('gate.missingLabel')}>
      {missing.map((m) => (
        <li key={m.key}>
          <UntrustedText value={m.untrustedDetail} empty={m.key} />
        </li>
      ))}
    </ol>
  );
}

/**
 * The site's 409 details_missing on an apply call: it was not started, and what is missing. (Before the
 * plan, the view says the gate on "Make the plan" itself.)
 */
export function GateStatus({ missing }: { missing: readonly MissingDetail[] }) {
  return (
    <div class="gate gate-waiting" role="status">
      <p>{tn('gate.notStarted', missing.length)}</p>
      <MissingList missing={missing} />
    </div>
  );
}
