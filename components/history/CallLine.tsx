import type { CallRow } from '@/lib/db/tables/calls';
import { NAME_CHARS, shortenedText } from '@/lib/format/clamp';
import { callSnippet, callTexts, type SnippetField } from '@/lib/history/search';
import { t } from '@/lib/i18n';
import { callStateWords } from '@/lib/words/values';
import { CallKind } from '@/components/common/CallKind';
import { Time } from '@/components/common/Time';
import { UntrustedText } from '@/components/common/UntrustedText';
import { resultLine } from '@/components/result/status-line';
import { MarkedText } from './MarkedText';

interface CallLineProps {
  call: CallRow;
  now: Date;
  onOpen: (localId: string) => void;
  /** The member's search words: the agent's name and where else they were found are shown marked. */
  pattern?: RegExp | null;
}

/**
 * Where the call stands, in words: how its result ended and what it was charged (the result view's one line:
 * a failed call is free, a returned one's charge went back), or the step it is at (waiting for approval,
 * refused, not sent…); never a raw value.
 */
function statusLine(call: CallRow): string {
  return call.result ? resultLine(call.result, call.holdCents) : callStateWords(call.state, call.error);
}

function fieldWords(field: SnippetField): string {
  if (field === 'question') return t('history.search.asked');
  if (field === 'details') return t('preview.details');
  return t('history.search.answer');
}

/** A row of the history: the agent, the kind of call, where it stands and when; opens the call. */
export function CallLine({ call, now, onOpen, pattern = null }: CallLineProps) {
  const texts = pattern ? callTexts(call) : null;
  const snippet = texts ? callSnippet(texts, pattern) : null;
  const shortName = texts ? shortenedText(texts.agent, NAME_CHARS) : null;
  return (
    <li>
      {/* The whole row opens the call; the chevron shows that it does. */}
      <button type="button" class="call-item history-call" onClick={() => onOpen(call.localId)}>
        <span class="history-call-text">
          {texts ? (
            <span title={shortName === null ? undefined : texts.agent}>
              <MarkedText text={shortName ?? texts.agent} pattern={pattern} />
            </span>
          ) : (
            <UntrustedText value={call.agentName} empty={call.request.agentId} name />
          )}
          <span class="muted">
            {' '}
            · <CallKind callId={call.request.callId} /> · {statusLine(call)} ·{' '}
            <Time iso={call.createdAt} relative now={now} />
          </span>
          {snippet ? (
            <span class="history-call-snippet">
              <span class="muted">{fieldWords(snippet.field)}: </span>
              {snippet.before ? '…' : null}
              <MarkedText text={snippet.text} pattern={pattern} />
              {snippet.after ? '…' : null}
            </span>
          ) : null}
        </span>
        <Chevron />
      </button>
    </li>
  );
}

function Chevron() {
  return (
    <svg
      class="chevron"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      stroke-width="2"
      stroke-linecap="round"
      stroke-linejoin="round"
    >
      <path d="m9 6 6 6-6 6" />
    </svg>
  );
}
