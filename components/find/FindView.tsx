import { useState } from 'preact/hooks';
import type { AgentCard } from '@/lib/api/schemas';
import type { FindRow, MemberError } from '@/lib/db/types';
import { charCount } from '@/lib/format/chars';
import type { SelectionHandoff } from '@/lib/protocol/handoffs';
import { describeSecrets, findSecrets } from '@/lib/words/secrets';
import { useActions } from '@/components/common/actions';
import { ErrorNotice } from '@/components/common/ErrorNotice';
import { SecretWarning } from '@/components/common/SecretWarning';
import { usePanelQuery } from '@/components/common/usePanelQuery';
import { asUntrusted } from '@/lib/safety/untrusted';
import { UntrustedText } from '@/components/common/UntrustedText';
import { AgentCardView } from './AgentCardView';
import { useSelectionHandoff } from './useSelection';
import { ViewHeading } from '@/components/common/ViewHeading';
import { latestFindQuery } from '@/lib/db/panel-queries';
import { formatCount } from '@/lib/format/count';
import { t } from '@/lib/i18n';

const MIN_CHARS = 3;
const MAX_CHARS = 2000;

interface Props {
  onChoose: (card: AgentCard) => void;
}

/** A search field, and the latest find (typed here, or from a selection through the menu or shortcut). */
export function FindView({ onChoose }: Props) {
  const actions = useActions();
  const latest = usePanelQuery(latestFindQuery, []);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<MemberError | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (charCount(trimmed) < MIN_CHARS) {
      setProblem({
        code: 'too_short',
        message: t('find.tooShort', { min: MIN_CHARS }),
        extras: {},
      });
      return;
    }
    const secrets = findSecrets(trimmed);
    if (secrets.length > 0) {
      setProblem({
        code: 'secret_found',
        message: t('find.secret', { what: describeSecrets(secrets) }),
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
  const shown = pending === null && (latest.value?.agents.length ?? 0) > 0;
  return (
    <section aria-labelledby="find-title">
      <ViewHeading id="find-title">{t('find.heading')}</ViewHeading>
      {/* Once agents are shown, the form draws small (one line, its hint not drawn) so two cards fit the
          first screen; before, it is the view's main action. */}
      <form
        aria-label={t('find.formLabel')}
        onSubmit={submit}
        class={shown ? 'find-form find-form-small' : 'find-form'}
      >
        <label for="find-text">{t('find.fieldLabel')}</label>
        <textarea
          id="find-text"
          rows={shown ? 1 : 3}
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
        <p id="find-hint" class={shown && length <= MAX_CHARS ? 'muted find-hint-quiet' : 'muted'}>
          {t('find.hint', { min: MIN_CHARS, max: formatCount(MAX_CHARS) })}
          {length > MAX_CHARS ? ` ${t('find.willBeCut', { count: formatCount(length) })}` : ''}
        </p>
        <SecretWarning text={text} />
        <button type="submit" disabled={busy}>
          {busy ? t('find.finding') : t('find.submit')}
        </button>
      </form>
      {problem ? <ErrorNotice error={problem} /> : null}
      {pending ? (
        <PendingSelection handoff={pending} />
      ) : latest.value ? (
        <FindResult find={latest.value} onChoose={onChoose} inField={latest.value.text === text.trim()} />
      ) : null}
    </section>
  );
}

function PendingSelection({ handoff }: { handoff: SelectionHandoff }) {
  return (
    <section class="find-result" aria-labelledby="find-result-title" aria-busy={handoff.error === null}>
      <h2 id="find-result-title">
        {handoff.source === 'shortcut' ? t('find.fromSelectionShortcut') : t('find.fromSelectionMenu')}
      </h2>
      <UntrustedText value={asUntrusted(handoff.text)} block class="quote" />
      {handoff.cut ? <CutNotice /> : null}
      {handoff.error ? (
        <ErrorNotice error={handoff.error} title={t('find.notSent')} />
      ) : (
        <p role="status">{t('find.findingAgents')}</p>
      )}
    </section>
  );
}

function CutNotice() {
  return <p class="notice">{t('find.selectionCut')}</p>;
}

function sourceWords(find: FindRow): string {
  if (find.source === 'menu') return t('find.fromSelectionMenu');
  if (find.source === 'shortcut') return t('find.fromSelectionShortcut');
  return t('find.youSearched');
}

function FindResult({
  find,
  onChoose,
  inField,
}: {
  find: FindRow;
  onChoose: (card: AgentCard) => void;
  /** The field above holds the same text: it is not quoted again. */
  inField: boolean;
}) {
  return (
    <section class="find-result" aria-labelledby="find-result-title" aria-busy={find.status === 'running'}>
      <h2 id="find-result-title">{sourceWords(find)}</h2>
      {/* The selection comes from a web page: shown as text like any untrusted text. */}
      {inField ? null : <UntrustedText value={asUntrusted(find.text)} block class="quote" />}
      {find.cut ? <CutNotice /> : null}
      {find.status === 'running' ? <p role="status">{t('find.findingAgents')}</p> : null}
      {find.error ? (
        <ErrorNotice error={find.error} title={find.status === 'refused' ? t('find.notSent') : t('find.failed')} />
      ) : null}
      {find.status === 'done' && find.agents.length === 0 ? <p role="status">{t('find.noMatch')}</p> : null}
      {find.agents.length > 0 ? (
        <ul class="agent-cards" aria-label={t('find.agentsFound')}>
          {find.agents.map((card) => (
            <AgentCardView key={card.agentId} card={card} onChoose={onChoose} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
