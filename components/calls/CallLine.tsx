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
 * Characters of the member's question kept in the row: more than its two lines hold at 500 px, so the
 * ellipsis is the line clamp's (components/style.css), and a question of 4,000 characters is not put whole
 * in every row.
 */
const ASKED_CHARS = 240;

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

/**
 * What the member sent, as the row's first line: the question of a question call, else the details (as the
 * result view quotes it), on one line of text; null when the member typed neither.
 */
function askedLine(texts: ReturnType<typeof callTexts>): { field: 'question' | 'details'; text: string } | null {
  for (const field of ['question', 'details'] as const) {
    const text = texts[field].replace(/\s+/gu, ' ').trim();
    if (text) return { field, text };
  }
  return null;
}

/**
 * A row of the calls: what the member asked first (their own words, the one thing that tells two calls to one
 * agent apart), then, quieter, the agent, where the call stands with its charge, and when; opens the call. A
 * call the member typed nothing for (a session's next step) is named by its kind. While searching, the words
 * are marked, and a part of the details or the answer that holds them is shown under the row.
 */
export function CallLine({ call, now, onOpen, pattern = null }: CallLineProps) {
  const texts = callTexts(call);
  const asked = askedLine(texts);
  const snippet = pattern ? callSnippet(texts, pattern) : null;
  // The words found near the start of the first line are marked there: no second saying of the same text.
  const shownSnippet = snippet && !(asked && snippet.field === asked.field && !snippet.before) ? snippet : null;
  const shortName = pattern ? shortenedText(texts.agent, NAME_CHARS) : null;
  return (
    <li>
      {/* The whole row opens the call; the chevron shows that it does. */}
      <button type="button" class="call-item call-line" onClick={() => onOpen(call.localId)}>
        <span class="call-line-text">
          {asked ? (
            <MarkedText
              class="call-asked"
              text={shortenedText(asked.text, ASKED_CHARS) ?? asked.text}
              pattern={pattern}
            />
          ) : (
            <span class="call-asked">
              <CallKind callId={call.request.callId} />
            </span>
          )}{' '}
          {/* The space keeps the row's text (its accessible name) two phrases; the lines are blocks. */}
          <span class="call-meta">
            {pattern ? (
              <span title={shortName === null ? undefined : texts.agent}>
                <MarkedText text={shortName ?? texts.agent} pattern={pattern} />
              </span>
            ) : (
              <UntrustedText value={call.agentName} empty={call.request.agentId} name />
            )}{' '}
            · {statusLine(call)} · <Time iso={call.createdAt} relative now={now} />
          </span>{' '}
          {shownSnippet ? (
            <span class="call-snippet">
              <span class="muted">{fieldWords(shownSnippet.field)}: </span>
              {shownSnippet.before ? '…' : null}
              <MarkedText text={shownSnippet.text} pattern={pattern} />
              {shownSnippet.after ? '…' : null}
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
