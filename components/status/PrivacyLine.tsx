import type { ConnectionRow } from '@/lib/db/types';
import { useActions } from '../common/actions';

/** Who receives a call's details: prominent until the member has seen it once, then a quiet line. */
export function PrivacyLine({ row }: { row: ConnectionRow }) {
  const actions = useActions();
  const line = row.privacyLine ?? row.me?.privacyLine ?? null;
  if (!line) return null;
  if (!row.privacyLineShown) {
    return (
      <section class="notice notice-important" aria-labelledby="privacy-title">
        <h2 id="privacy-title">Who receives your calls' details</h2>
        <p>{line}</p>
        <button type="button" onClick={() => void actions.send('markPrivacyLineShown', {})}>
          I have read this
        </button>
      </section>
    );
  }
  return (
    <p class="muted privacy">
      <strong>Privacy:</strong> {line}
    </p>
  );
}
