import { UntrustedText } from '@/components/common/UntrustedText';
import type { MissingDetail } from '@/lib/api/schemas';

interface Props {
  ready: boolean;
  /** What the apply call still waits for, first asked first (lib/session/gate's gateView). */
  missing: readonly MissingDetail[];
  /** Missing on the site but answered in the answers that go with the next call. */
  answeredLocally?: readonly MissingDetail[];
  /** The list came from the site's 409 details_missing rather than from the questions object. */
  fromRefusal?: boolean;
}

/** The apply call's gate: ready, or what is missing. */
export function GateStatus({ ready, missing, answeredLocally = [], fromRefusal = false }: Props) {
  if (ready) {
    return (
      <div class="gate gate-ready" role="status">
        <p>Ready: every required detail has an answer, so the apply call can go.</p>
        {answeredLocally.length > 0 ? (
          <p class="muted">
            {answeredLocally.length === 1
              ? '1 answer you gave goes with the call.'
              : `${answeredLocally.length} answers you gave go with the call.`}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <div class="gate gate-waiting" role="status">
      <p>
        {fromRefusal ? 'The site did not start the plan: ' : 'The plan waits: '}
        {missing.length === 1 ? 'one detail is missing.' : `${missing.length} details are missing.`} Answer them first;
        nothing is sent or charged until then.
      </p>
      {missing.length > 0 ? (
        <ol aria-label="Missing details, first asked first">
          {missing.map((m) => (
            <li key={m.key}>
              <UntrustedText value={m.untrustedDetail} empty={m.key} />
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
