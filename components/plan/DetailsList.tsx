import { UntrustedText } from '@/components/common/UntrustedText';
import type { Questions } from '@/lib/api/schemas';

/** The answers as project details (the questions object's details[]). */
export function DetailsList({ details }: { details: Questions['details'] }) {
  if (details.length === 0) return <p class="muted">No project details yet.</p>;
  return (
    <dl class="details" aria-label="Project details">
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
