import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { AgentCard } from '@/lib/contract/find';
import type { FindRow } from '@/lib/db/tables/finds';
import type { MemberError } from '@/lib/db/member-error';
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
import { findStartQuery, latestFindQuery } from '@/lib/db/panel-queries';
import type { ChosenAgent } from '@/components/preview/draft';
import { useFindShortcut } from '@/components/common/useShortcut';
import { FindStart } from './FindStart';
import { formatCount } from '@/lib/format/count';
import { t } from '@/lib/i18n';
import { MAX_FIND_DESCRIPTION_CHARS, MIN_FIND_DESCRIPTION_CHARS } from '@/lib/contract/limits';

interface Props {
  /** A found card's or a called agent's preview. */
  onChoose: (agent: ChosenAgent) => void;
}

/**
 * A search field, and the latest find (typed here, or from a selection through the menu or shortcut); under
 * them the member's recent searches, the agents they called, and how to search from a page.
 */
export function FindView({ onChoose }: Props) {
  const actions = useActions();
  const latest = usePanelQuery(latestFindQuery, []);
  const start = usePanelQuery(findStartQuery, []);
  const shortcut = useFindShortcut();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<MemberError | null>(null);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);

  const search = async (typed: string) => {
    const trimmed = typed.trim();
    if (charCount(trimmed) < MIN_FIND_DESCRIPTION_CHARS) {
      setProblem({
        code: 'too_short',
        message: t('find.tooShort', { min: MIN_FIND_DESCRIPTION_CHARS }),
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
  const submit = (event: Event) => {
    event.preventDefault();
    void search(text);
  };
  // A recent search goes in the field and runs again (its result then shows under the field, not quoted).
  const searchAgain = (again: string) => {
    if (busy) return;
    setText(again);
    void search(again);
  };

  const handoff = useSelectionHandoff();
  // The selection is shown as soon as it is handed over; its find row replaces it once written.
  const pending =
    handoff && handoff.requestId !== latest.value?.requestId && handoff.at >= (latest.value?.at ?? '') ? handoff : null;
  const length = charCount(text.trim());
  const shown = pending === null && (latest.value?.agents.length ?? 0) > 0;
  useFitToText(field, text, shown);
  return (
    <section aria-labelledby="find-title">
      <ViewHeading id="find-title">{t('find.heading')}</ViewHeading>
      {/* Once agents are shown, the form draws small so two cards fit the first screen: one line, its label
          and hint read out with the field but not drawn (the label's words are the empty field's placeholder;
          drawing the hint on focus would move the cards under the pointer). Before, it is the view's main
          action. */}
      <form aria-label={t('find.heading')} onSubmit={submit} class={shown ? 'find-form find-form-small' : 'find-form'}>
        <label for="find-text" class={shown ? 'visually-hidden' : undefined}>
          {t('find.fieldLabel')}
        </label>
        <textarea
          dir="auto"
          id="find-text"
          ref={field}
          rows={shown ? 1 : 3}
          placeholder={shown ? t('find.fieldLabel') : undefined}
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
        <p id="find-hint" class={shown && length <= MAX_FIND_DESCRIPTION_CHARS ? 'muted visually-hidden' : 'muted'}>
          {t('find.hint', { min: MIN_FIND_DESCRIPTION_CHARS, max: formatCount(MAX_FIND_DESCRIPTION_CHARS) })}
          {length > MAX_FIND_DESCRIPTION_CHARS ? ` ${t('find.willBeCut', { count: formatCount(length) })}` : ''}
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
      {/* Before a search: nothing found yet, or the field emptied for a new one (the agents found lead otherwise). */}
      {!pending && (!latest.value || text.trim() === '') ? (
        <FindStart
          // The search shown above is not offered again under it.
          searches={(start.value?.searches ?? []).filter((s) => s.text !== latest.value?.text)}
          agents={start.value?.agents ?? []}
          shortcut={shortcut}
          onSearch={searchAgain}
          onChoose={onChoose}
        />
      ) : null}
    </section>
  );
}

/** The most lines the field grows to before it scrolls: the agents found stay on the first screen. */
const MAX_FIELD_LINES = 6;

/**
 * The field as tall as its text (from its rows up to MAX_FIELD_LINES), so no line is cut in half: one line
 * once agents are shown, until the text wraps.
 */
function useFitToText(field: { current: HTMLTextAreaElement | null }, text: string, small: boolean) {
  useLayoutEffect(() => {
    const box = field.current;
    if (!box) return;
    box.style.height = '';
    // Its rows hold the text: nothing to grow.
    if (box.scrollHeight <= box.clientHeight) return;
    const style = getComputedStyle(box);
    const px = (value: string) => Number.parseFloat(value) || 0;
    // The box is border-box: its height is the text and padding (scrollHeight) and the border.
    const border = px(style.borderTopWidth) + px(style.borderBottomWidth);
    const padding = px(style.paddingTop) + px(style.paddingBottom);
    const line = px(style.lineHeight) || 20;
    box.style.height = `${Math.min(box.scrollHeight + border, line * MAX_FIELD_LINES + padding + border)}px`;
  }, [text, small]);
}

function PendingSelection({ handoff }: { handoff: SelectionHandoff }) {
  return (
    <section class="find-result" aria-labelledby="find-result-title" aria-busy={handoff.error === null}>
      <h2 id="find-result-title">{t('find.fromSelection')}</h2>
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
  return find.source === 'menu' || find.source === 'shortcut' ? t('find.fromSelection') : t('find.youSearched');
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
  // The heading names the text quoted under it; with the text in the field above, neither is shown.
  return (
    <section
      class="find-result"
      aria-labelledby={inField ? undefined : 'find-result-title'}
      aria-busy={find.status === 'running'}
    >
      {inField ? null : (
        <>
          <h2 id="find-result-title">{sourceWords(find)}</h2>
          {/* The selection comes from a web page: shown as text like any untrusted text. */}
          <UntrustedText value={asUntrusted(find.text)} block class="quote" />
        </>
      )}
      {find.cut ? <CutNotice /> : null}
      {find.status === 'running' ? <p role="status">{t('find.findingAgents')}</p> : null}
      {find.error ? (
        <ErrorNotice error={find.error} title={find.status === 'refused' ? t('find.notSent') : t('find.failed')} />
      ) : null}
      {find.status === 'done' && find.agents.length === 0 ? <p role="status">{t('find.noMatch')}</p> : null}
      {find.agents.length > 0 ? (
        <ul class="agent-cards" aria-label={t('find.agentsFound')}>
          {/* Best match first (the contract's order): the first card's preview is the primary button. */}
          {find.agents.map((card, index) => (
            <AgentCardView key={card.agentId} card={card} best={index === 0} onChoose={onChoose} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
