import { UntrustedText } from '@/components/common/UntrustedText';
import type { Questions } from '@/lib/contract/sessions';
import { t } from '@/lib/i18n';

/** The answers as project details (the questions object's details[]). */
export function DetailsList({ details }: { details: Questions['details'] }) {
  // No details yet: the questions above ask for them, so no line says so.
  if (details.length === 0) return null;
  return (
    <dl class="details" aria-label={t('details.label')}>
      {details.map((d) => (
        <div key={d.key}>
          <dt>
            <UntrustedText value={d.untrustedDetail} empty={d.key} />
          </dt>
          <dd>
            <UntrustedText value={d.untrustedAnswer} block />
          </dd>
        </div>
      ))}
    </dl>
  );
}
