import { useState } from 'preact/hooks';
import type { AgentCard } from '@/lib/api/schemas';
import { latestFind } from '@/lib/db/queries';
import type { FindRow, MemberError } from '@/lib/db/types';
import { charCount } from '@/lib/format/chars';
import type { SelectionHandoff } from '@/lib/messages';
import { describeSecrets, findSecrets } from '@/lib/safety/secret-guard';
import { useActions } from '../common/actions';
import { ErrorNotice } from '../common/ErrorNotice';
import { SecretWarning } from '../common/SecretWarning';
import { useLiveQuery } from '../common/useLiveQuery';
import { asUntrusted } from '@/lib/safety/untrusted';
import { UntrustedText } from '../common/UntrustedText';
import { AgentCardView } from './AgentCardView';
import { useSelectionHandoff } from './useSelection';
import { ViewHeading } from '../common/ViewHeading';
import { firstReads } from '@/lib/db/first-read';

const MIN_CHARS = 3;
const MAX_CHARS = 2000;

interface Props {
  onChoose: (card: AgentCard) => void;
}

/** A search field, and the latest find (typed here, or from a selection through the menu or shortcut). */
export function FindView({ onChoose }: Props) {
  const actions = useActions();
  const latest = useLiveQuery((db) => latestFind(db), [], { firstRead: firstReads.latestFind });
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<MemberError | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (charCount(trimmed) < MIN_CHARS) {
      setProblem({
        code: 'too_short',
        message: `Describe what you need in at least ${MIN_CHARS} characters. Nothing was sent.`,
        extras: {},
      });
      return;
    }
    const secrets = findSecrets(trimmed);
    if (secrets.length > 0) {
      setProblem({
        code: 'secret_found',
        message: `This looks like it holds ${describeSecrets(secrets)}. Nothing was sent; remove it and search again.`,
        extras: { found: secrets.map((s) => s.label) },
      });
      return;
    }
    setProblem(null);
    setBusy(true);
    const result = await actions.send('find', { text: trimmed });
    setBusy(false);
    if (!result.ok) setProblem(result.error);
  };

  const handoff = useSelectionHandoff();
  // The selection is shown as soon as it is handed over; its find row replaces it once written.
  const pending =
    handoff && handoff.requestId !== latest.value?.requestId && handoff.at >= (latest.value?.at ?? '') ? handoff : null;
  const length = charCount(text.trim());
  return (
    <section aria-labelledby="find-title">
      <ViewHeading id="find-title">Find AI Agents</ViewHeading>
      <form aria-label="Find AI Agents" onSubmit={submit}>
        <label for="find-text">What do you need?</label>
        <textarea
          id="find-text"
          rows={3}
          value={text}
          onInput={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => {
            // Enter finds, as in a search box; Shift+Enter is a new line; an IME composing text keeps its Enter.
            if (e.key !== 'Enter' || e.shiftKey || e.isComposing) return;
            e.preventDefault();
            e.currentTarget.form?.requestSubmit();
          }}
          aria-describedby="find-hint"
        />
        <p id="find-hint" class="muted">
          Enter finds, Shift+Enter starts a new line. {MIN_CHARS} to {MAX_CHARS} characters; longer text is cut on a word boundary.
          {length > MAX_CHARS ? ` This is ${length} characters: it will be cut.` : ''}
        </p>
        <SecretWarning text={text} />
        <button type="submit" disabled={busy}>
          {busy ? 'Finding…' : 'Find agents'}
        </button>
      </form>
      {problem ? <ErrorNotice error={problem} /> : null}
      {pending ? <PendingSelection handoff={pending} /> : latest.value ? <FindResult find={latest.value} onChoose={onChoose} /> : null}
    </section>
  );
}

function PendingSelection({ handoff }: { handoff: SelectionHandoff }) {
  return (
    <section class="find-result" aria-labelledby="find-result-title" aria-busy={handoff.error === null}>
      <h2 id="find-result-title">{handoff.source === 'shortcut' ? 'From your selection (shortcut)' : 'From your selection (menu)'}</h2>
      <UntrustedText value={asUntrusted(handoff.text)} block class="quote" />
      {handoff.cut ? <CutNotice /> : null}
      {handoff.error ? <ErrorNotice error={handoff.error} title="Not sent." /> : <p role="status">Finding agents…</p>}
    </section>
  );
}

function CutNotice() {
  return <p class="notice">The selection was longer than 2000 characters, so it was cut on a word boundary before it was sent.</p>;
}

function sourceWords(find: FindRow): string {
  if (find.source === 'menu') return 'From your selection (menu)';
  if (find.source === 'shortcut') return 'From your selection (shortcut)';
  return 'You searched for';
}

export function FindResult({ find, onChoose }: { find: FindRow; onChoose: (card: AgentCard) => void }) {
  return (
    <section class="find-result" aria-labelledby="find-result-title" aria-busy={find.status === 'running'}>
      <h2 id="find-result-title">{sourceWords(find)}</h2>
      {/* The selection comes from a web page: shown as text like any untrusted text. */}
      <UntrustedText value={asUntrusted(find.text)} block class="quote" />
      {find.cut ? <CutNotice /> : null}
      {find.status === 'running' ? <p role="status">Finding agents…</p> : null}
      {find.error ? <ErrorNotice error={find.error} title={find.status === 'refused' ? 'Not sent.' : 'The find failed.'} /> : null}
      {find.status === 'done' && find.agents.length === 0 ? <p role="status">No agent matched this.</p> : null}
      {find.agents.length > 0 ? (
        <ul class="agent-cards" aria-label="Agents found">
          {find.agents.map((card) => (
            <AgentCardView key={card.agentId} card={card} onChoose={onChoose} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
