import { UntrustedText } from '@/components/common/UntrustedText';
import type { MissingDetail } from '@/lib/api/schemas';
import { t, tn } from '@/lib/i18n';

interface Props {
  ready: boolean;
  /** What the apply call still waits for, first asked first (lib/sessions/gate's gateView). */
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
        <p>{t('gate.ready')}</p>
        {answeredLocally.length > 0 ? <p class="muted">{tn('gate.answeredLocally', answeredLocally.length)}</p> : null}
      </div>
    );
  }
  return (
    <div class="gate gate-waiting" role="status">
      <p>{fromRefusal ? tn('gate.notStarted', missing.length) : tn('gate.waits', missing.length)}</p>
      {missing.length > 0 ? (
        <ol aria-label={t('gate.missingLabel')}>
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
