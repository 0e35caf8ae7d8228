import { useRef, useState } from 'preact/hooks';
import { recentCalls } from '@/lib/db/queries';
import type { CallRow } from '@/lib/db/tables/calls';
import type { ConnectionRow } from '@/lib/db/tables/connection';
import { useActions } from '@/components/common/actions';
import { useLiveQuery } from '@/components/common/useLiveQuery';
import { focusNextViewHeading } from '@/components/common/ViewHeading';

/** Who receives a call's details, as the site last said it (GET /me, or a call's 202), or null before it did. */
export function privacyLineOf(row: ConnectionRow): string | null {
  return row.privacyLine ?? row.me?.privacyLine ?? null;
}

interface FirstStep {
  /** true: the step stands in the view's place; false: the views; null: not known yet (a read of milliseconds). */
  show: boolean | null;
  /** "Continue": the step goes, the view after it takes the focus. */
  done: () => void;
  /** The member moved on without it (a tab, a selection from the menu): the step goes. */
  leave: () => void;
}

/**
 * Whether the step right after connecting is due: the privacy line was not shown yet and no call went through
 * this connection. The first call's answer carries the line again and sets it as not shown (G8); that call's
 * result shows it, so the step does not come back over the views then, nor in a panel that had passed it.
 * Leaving the step with its line on screen records that the line was shown (markPrivacyLineShown).
 */
export function useFirstStep(row: ConnectionRow): FirstStep {
  const actions = useActions();
  // Once the views stood in this panel for this connection, the step never comes back over them: a call's
  // answer setting the line as not shown again must not blank the views while the calls are read.
  const passedHere = useRef<string | null>(null);
  const [left, setLeft] = useState(false);
  if (row.privacyLineShown) passedHere.current = row.connectionId;
  const due = !row.privacyLineShown && passedHere.current !== row.connectionId && !left;
  const latest = useLiveQuery((db) => recentCalls(db, 1), [row.connectionId], {
    enabled: due,
    firstRead: (reader) => reader.newest<CallRow>('calls', 'createdAt', 1),
  });
  const show = !due ? false : latest.loaded ? latest.value?.[0]?.connectionId !== row.connectionId : null;
  if (show === false) passedHere.current = row.connectionId;
  // Read by the hand-offs' listeners, which were set up with an earlier render's closures.
  const now = useRef({ show, line: false });
  now.current = { show, line: privacyLineOf(row) !== null };
  const leave = (focusNextView: boolean) => {
    if (now.current.show !== true) return;
    if (focusNextView) focusNextViewHeading();
    setLeft(true);
    if (now.current.line) void actions.send('markPrivacyLineShown', {});
  };
  return { show, done: () => leave(true), leave: () => leave(false) };
}
