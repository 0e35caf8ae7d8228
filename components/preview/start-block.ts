/**
 * Whether a call may start, one rule for every way of starting it (a click, Enter, Ctrl/⌘+Enter): the member
 * starts only what they have seen, so a paid call waits for the preview read for exactly what is on screen,
 * and a failed read blocks it (never a start without the site's sentence and limit).
 */

/** Why a start is held back; a list, so a new reason is one more entry. */
export type StartBlockReason =
  | 'busy'
  | 'previewReading'
  | 'previewFailed'
  | 'maxInvalid'
  | 'refused'
  | 'tooLong'
  | 'secret'
  | 'fitPending'
  | 'questionMissing'
  | 'filesChecking'
  | 'filesRefused'
  | 'filesBlocked';

/** The preview's state for what is on screen: read for it, still being read, or its read failed. */
export type PreviewCheck = 'ready' | 'reading' | 'failed' | 'not_needed';

export interface StartState {
  busy?: boolean;
  preview: PreviewCheck;
  maxInvalid?: boolean;
  /** The preview carries a refusal (refusal-hold). */
  refused?: boolean;
  tooLong?: boolean;
  secret?: boolean;
  fitPending?: boolean;
  questionMissing?: boolean;
  filesChecking?: boolean;
  filesRefused?: boolean;
  filesBlocked?: boolean;
}

/** Every reason the start is held back, in the order the member meets them; empty when it may start. */
export function startBlocks(s: StartState): StartBlockReason[] {
  const out: StartBlockReason[] = [];
  if (s.busy) out.push('busy');
  if (s.preview === 'reading') out.push('previewReading');
  if (s.preview === 'failed') out.push('previewFailed');
  if (s.maxInvalid) out.push('maxInvalid');
  if (s.refused) out.push('refused');
  if (s.tooLong) out.push('tooLong');
  if (s.secret) out.push('secret');
  if (s.fitPending) out.push('fitPending');
  if (s.questionMissing) out.push('questionMissing');
  if (s.filesChecking) out.push('filesChecking');
  if (s.filesRefused) out.push('filesRefused');
  if (s.filesBlocked) out.push('filesBlocked');
  return out;
}

/** The preview's state from its read: for the text on screen and answered, still moving, or failed. */
export function previewCheck(read: { settled: boolean; preview: unknown; error: unknown }): PreviewCheck {
  if (!read.settled) return 'reading';
  return read.preview !== null && read.error === null ? 'ready' : 'failed';
}
