import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { UntrustedText } from '@/components/common/UntrustedText';
import type { Question } from '@/lib/contract/sessions';
import { charCount } from '@/lib/format/chars';
import {
  type AnswerDraft,
  choose,
  type DraftProblem,
  EMPTY_DRAFT,
  toggleOption,
  validateDraft,
} from '@/lib/sessions/answer-draft';
import { formatCount } from '@/lib/format/count';
import { t } from '@/lib/i18n';
import { Message } from '@/components/common/Message';
import { SiteChoices, SiteText } from '@/components/common/SiteText';
import { onSubmitKey } from '@/components/common/useShortcut';
import { MAX_OWN_ANSWER_CHARS } from '@/lib/contract/limits';

export interface SiteProblem {
  key: string;
  problem: string;
}

interface Props {
  /** The questions to answer now (the questions object's `shown`). */
  questions: readonly Question[];
  /** The member's drafts by question key, as saved (nothing is lost when the panel closes). */
  drafts: Readonly<Record<string, AnswerDraft | undefined>>;
  /** Every change, as it happens: the caller saves the draft (each answer is saved as it is chosen or typed). */
  onDraftChange: (key: string, draft: AnswerDraft) => void;
  /** The member left a field: the caller stores what is still waiting for its typing pause. */
  onDraftDone?: () => void;
  /** Keys of the details the plan waits for (questions.required): every other question is marked optional. */
  required: readonly string[];
  /** The site's 400 invalid_answers: which answers do not fit. */
  siteProblems?: readonly SiteProblem[];
  /** The next step (Make the plan): at the head of the questions, in the flow, so it covers none of them. */
  next?: ComponentChildren;
}

// Problems shown as soon as they exist; an empty own answer only once the member has left its box.
const ALWAYS_SHOWN = new Set(['own_too_long', 'unknown_option', 'one_only', 'no_recommendation']);

/**
 * The questions to answer now: the next step first (a stepper: what is left to answer, or the money block once
 * it can be pressed, then its button), then one group each. Controlled: the drafts come from the caller, which
 * saves each one as it changes, so there is no send button here; the answers go with the next call.
 */
export function QuestionForm({
  questions,
  drafts,
  onDraftChange,
  onDraftDone,
  required,
  siteProblems = [],
  next,
}: Props) {
  const formId = useId();
  const stepRef = useRef<HTMLElement>(null);
  const [filled, setFilled] = useState(false);
  // An answer folds only while it stands: chosen, valid, and not questioned by the site.
  const settled = (q: Question) => isAnswered(q, drafts[q.key]) && !siteProblems.some((p) => p.key === q.key);
  // Questions already answered when the form opened (drafts kept from an earlier visit) fold to their answer,
  // so the first unanswered one is in sight; "Change" unfolds one. Nothing folds while the member answers.
  const [folded, setFolded] = useState<ReadonlySet<string>>(
    () => new Set(questions.filter((q) => settled(q)).map((q) => q.key)),
  );
  // Questions the member has touched or opened: drawn in full from then on, so nothing moves while they answer.
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set());
  const open = (key: string) => setOpened((keys) => (keys.has(key) ? keys : new Set([...keys, key])));
  const unfold = (key: string) => {
    setFolded((keys) => new Set([...keys].filter((k) => k !== key)));
    open(key);
  };
  const change = (key: string, draft: AnswerDraft) => {
    open(key);
    onDraftChange(key, draft);
  };

  // The button that filled the answers goes once nothing is left to fill: the focus moves on to the next step.
  useEffect(() => {
    if (!filled) return;
    setFilled(false);
    stepRef.current?.querySelector<HTMLButtonElement>('button:not([disabled])')?.focus();
  }, [filled]);

  // A question opened out of turn takes the focus, so the keyboard lands where the member pointed.
  const [focusKey, setFocusKey] = useState<string | null>(null);
  useEffect(() => {
    if (focusKey === null) return;
    setFocusKey(null);
    const i = questions.findIndex((q) => q.key === focusKey);
    document.getElementById(`${formId}-q${i}`)?.querySelector<HTMLInputElement>('input')?.focus();
  }, [focusKey, questions, formId]);

  // Nothing to ask (the request answered it all, or was not read): the next step alone.
  if (questions.length === 0) {
    return next ? (
      <section class="step-bar" aria-label={t('sessionView.nextStep')}>
        {next}
      </section>
    ) : null;
  }

  // One question at a time: the first one not yet answered is drawn in full, with those the member opened;
  // the later ones wait as a short list of their asks, each of which opens out of turn.
  const isFolded = (q: Question) => folded.has(q.key) && settled(q);
  const current = questions.find((q) => !settled(q))?.key ?? null;
  const inFull = (q: Question) => !isFolded(q) && (q.key === current || opened.has(q.key));
  const waiting = questions.filter((q) => !isFolded(q) && !inFull(q));
  // Where the member is among several questions, as the heading; one, or all answered, needs no count.
  const at = questions.findIndex((q) => q.key === current);
  const heading =
    questions.length > 1 && at >= 0
      ? t('questions.progress', { n: formatCount(at + 1), total: formatCount(questions.length) })
      : t('questions.heading');
  const shownKeys = new Set(questions.map((q) => q.key));
  const otherSiteProblems = siteProblems.filter((p) => !shownKeys.has(p.key));
  const requiredKeys = new Set(required);
  // Unanswered questions with an option the agent recommends: one click answers them all with it.
  const fillable = questions.flatMap((q) => {
    const option = q.options.find((o) => o.key === q.recommended);
    return (drafts[q.key]?.choice ?? null) === null && option ? [{ key: q.key, option: option.key }] : [];
  });
  const useRecommended = () => {
    for (const { key, option } of fillable) {
      onDraftChange(key, { ...(drafts[key] ?? EMPTY_DRAFT), choice: 'option', optionKeys: [option] });
    }
    // Answered at once, they fold at once, so what is still open (or the next step) comes into sight.
    setFolded((keys) => new Set([...keys, ...fillable.map((f) => f.key)]));
    setFilled(true);
  };

  // Ctrl/⌘+Enter in an answer presses the next step's main button (Make the plan), when a click could.
  const nextByKey = onSubmitKey(() => {
    stepRef.current
      ?.querySelector<HTMLButtonElement>('button:not(.secondary):not(.link-like):not([disabled])')
      ?.click();
  });

  return (
    <section class="question-form" aria-labelledby={`${formId}-title`} onKeyDown={nextByKey}>
      <h2 id={`${formId}-title`}>{heading}</h2>
      {questions.map((q, i) =>
        !isFolded(q) && !inFull(q) ? null : isFolded(q) ? (
          <FoldedQuestion
            key={q.key}
            id={`${formId}-q${i}`}
            question={q}
            draft={drafts[q.key] ?? EMPTY_DRAFT}
            onChange={() => unfold(q.key)}
          />
        ) : (
          <QuestionFields
            key={q.key}
            id={`${formId}-q${i}`}
            question={q}
            optional={!requiredKeys.has(q.key)}
            draft={drafts[q.key] ?? EMPTY_DRAFT}
            siteProblems={siteProblems.filter((p) => p.key === q.key)}
            onChange={(d) => change(q.key, d)}
            onDone={onDraftDone}
          />
        ),
      )}
      {waiting.length > 0 ? (
        <section class="questions-waiting" aria-labelledby={`${formId}-waiting`}>
          <h3 id={`${formId}-waiting`}>{t('questions.then')}</h3>
          <ul>
            {waiting.map((q) => (
              <li key={q.key}>
                <button
                  type="button"
                  class="link-like"
                  onClick={() => {
                    open(q.key);
                    setFocusKey(q.key);
                  }}
                >
                  <UntrustedText value={q.untrustedAsk} empty={q.key} site />
                </button>
                {requiredKeys.has(q.key) ? null : (
                  <>
                    {' '}
                    <span class="tag-optional">{t('questions.optional')}</span>
                  </>
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {/* After the question being answered and those waiting, in the flow (a bar kept in sight at the bottom
          covered the questions): where the member looks once they have answered. */}
      {fillable.length > 0 || next ? (
        <section class="step-bar" aria-label={t('sessionView.nextStep')} ref={stepRef}>
          {fillable.length > 0 ? (
            <button type="button" class="link-like" onClick={useRecommended}>
              {t('questions.useRecommended')}
            </button>
          ) : null}
          {next}
        </section>
      ) : null}
      {otherSiteProblems.length > 0 ? (
        <div role="alert" class="notice notice-error">
          <p>{t('questions.siteSaysNotFit')}</p>
          <ul>
            {otherSiteProblems.map((p) => (
              <li key={`${p.key}:${p.problem}`}>
                <code class="verbatim">{p.key}</code>: <SiteText text={p.problem} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

interface FieldsProps {
  id: string;
  question: Question;
  /** Not among the details the plan waits for. */
  optional: boolean;
  draft: AnswerDraft;
  siteProblems: readonly SiteProblem[];
  onChange: (draft: AnswerDraft) => void;
  onDone?: () => void;
}

function QuestionFields({ id, question: q, optional, draft, siteProblems, onChange, onDone }: FieldsProps) {
  const type = q.multiple ? 'checkbox' : 'radio';
  const name = `${id}-answer`;
  // An empty own answer is said once the member has left its box, not the moment they choose to write one.
  const [leftOwn, setLeftOwn] = useState(false);
  const problems: DraftProblem[] = validateDraft(q, draft).filter(
    (p) => ALWAYS_SHOWN.has(p.code) || (p.code === 'own_empty' && leftOwn),
  );
  const recommended = q.options.find((o) => o.key === q.recommended) ?? null;
  const ownChars = charCount(draft.own.trim());
  const problemId = `${id}-problems`;
  const hasProblems = problems.length > 0 || siteProblems.length > 0;
  // Options the site no longer offers but the draft still holds stay visible, so the member can untick them.
  const stale = draft.choice === 'option' ? draft.optionKeys.filter((k) => !q.options.some((o) => o.key === k)) : [];

  return (
    <fieldset id={id} class="question" aria-describedby={`${id}-why${hasProblems ? ` ${problemId}` : ''}`}>
      {/* The site's words drawn as the site's: its question quoted, its reason and detail quoted in our line,
          its options behind its rule; our own ways to answer (leave it, own words) stay outside. */}
      <legend>
        <UntrustedText value={q.untrustedAsk} empty={q.key} site />
        {optional ? (
          <>
            {' '}
            <span class="tag-optional">{t('questions.optional')}</span>
          </>
        ) : null}
      </legend>
      {/* Why it asks, once and quietly (the detail it fills is the site's bookkeeping, not the member's); how
          many to choose shows in the boxes. */}
      <p id={`${id}-why`} class="muted question-why">
        <UntrustedText value={q.untrustedWhy} site />
      </p>
      {q.multiple ? <p class="muted">{t('questions.chooseMany')}</p> : null}

      <SiteChoices>
        {q.options.map((o, j) => {
          const optionId = `${id}-o${j}`;
          const isRecommended = o.key === q.recommended;
          const checked = draft.choice === 'option' && draft.optionKeys.includes(o.key);
          // Recommended is said by its pill alone: a tinted row read as chosen while its radio was empty.
          return (
            <div class={chosenClass(checked)} key={o.key}>
              <input
                type={type}
                id={optionId}
                name={name}
                value={o.key}
                checked={checked}
                aria-describedby={`${optionId}-desc${isRecommended ? ` ${optionId}-why` : ''}`}
                onChange={(e) => onChange(toggleOption(draft, q, o.key, e.currentTarget.checked))}
              />
              <label for={optionId}>
                <UntrustedText value={o.untrustedLabel} empty={o.key} />
                {isRecommended ? (
                  <>
                    {' '}
                    <span class="badge badge-recommended">{t('questions.recommended')}</span>
                  </>
                ) : null}
              </label>
              <div id={`${optionId}-desc`} class="muted">
                <UntrustedText value={o.untrustedDescription} block />
              </div>
              {isRecommended ? (
                <p id={`${optionId}-why`} class="recommended-why">
                  {/* The agent's reason, under the "recommended" pill that says what it is. */}
                  <UntrustedText value={q.untrustedRecommendedWhy} empty={t('questions.noReason')} />
                </p>
              ) : null}
            </div>
          );
        })}
      </SiteChoices>

      {stale.map((k) => (
        <div class="option option-stale" key={`stale-${k}`}>
          <input
            type="checkbox"
            id={`${id}-stale-${k}`}
            checked
            onChange={() => onChange(toggleOption(draft, { multiple: true }, k, false))}
          />
          <label for={`${id}-stale-${k}`}>
            <Message id="questions.stale" parts={{ key: <code class="verbatim">{k}</code> }} />
          </label>
        </div>
      ))}

      {/* Our two ways to answer, on one quiet row under the site's options: the same on every question, so
          they say as little as they can. Which option the agent picks is the "recommended" pill's to show; it
          is said to assistive technology with the choice, and shown only when the agent recommends none. */}
      <div class="own-ways">
        <div class={chosenClass(draft.choice === 'left_to_agent')}>
          <input
            type={type}
            id={`${id}-left`}
            name={name}
            value="__left_to_agent"
            checked={draft.choice === 'left_to_agent'}
            aria-describedby={`${id}-left-desc`}
            onChange={(e) => onChange(choose(draft, e.currentTarget.checked ? 'left_to_agent' : null))}
          />
          <label for={`${id}-left`}>{t('questions.leaveToAgent')}</label>
        </div>
        <div class={chosenClass(draft.choice === 'own')}>
          <input
            type={type}
            id={`${id}-own`}
            name={name}
            value="__own"
            checked={draft.choice === 'own'}
            onChange={(e) => onChange(choose(draft, e.currentTarget.checked ? 'own' : null))}
          />
          <label for={`${id}-own`}>{t('questions.ownWords')}</label>
        </div>
        <p id={`${id}-left-desc`} class={recommended ? 'visually-hidden' : 'muted own-ways-note'}>
          {recommended ? (
            <Message
              id="questions.usesRecommended"
              parts={{ option: <UntrustedText value={recommended.untrustedLabel} empty={recommended.key} site /> }}
            />
          ) : (
            t('questions.noRecommended')
          )}
        </p>
      </div>
      {/* The box opens when own words are chosen; what was typed is kept in the draft while it is closed. */}
      {draft.choice === 'own' ? (
        <>
          <label for={`${id}-own-text`} class="own-label">
            {t('questions.ownLabel', { count: formatCount(ownChars), max: formatCount(MAX_OWN_ANSWER_CHARS) })}
          </label>
          <textarea
            dir="auto"
            id={`${id}-own-text`}
            rows={3}
            value={draft.own}
            aria-invalid={problems.some((p) => p.code === 'own_too_long' || p.code === 'own_empty')}
            // Own words stay chosen while the box is emptied, so the box (and the focus in it) stays.
            onInput={(e) => onChange({ ...draft, choice: 'own', own: e.currentTarget.value })}
            onBlur={() => {
              setLeftOwn(true);
              onDone?.();
            }}
          />
        </>
      ) : null}

      {hasProblems ? (
        <ul id={problemId} role="alert" class="error-text">
          {problems.map((p) => (
            <li key={p.code}>{p.message}</li>
          ))}
          {siteProblems.map((p) => (
            <li key={`site:${p.problem}`}>
              <Message id="questions.siteSays" parts={{ problem: <SiteText text={p.problem} /> }} />
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}

/** An answer's row, marked while it is the one chosen (the tint is the choice's, never the recommendation's). */
function chosenClass(checked: boolean): string {
  return checked ? 'option option-chosen' : 'option';
}

/** A draft that answers its question as it stands: something chosen and nothing wrong with it. */
function isAnswered(question: Question, draft: AnswerDraft | undefined): boolean {
  return draft !== undefined && draft.choice !== null && validateDraft(question, draft).length === 0;
}

/** An answered question, folded to its answer, with a button to change it. */
function FoldedQuestion({
  id,
  question: q,
  draft,
  onChange,
}: {
  id: string;
  question: Question;
  draft: AnswerDraft;
  onChange: () => void;
}) {
  return (
    <fieldset class="question question-folded">
      <legend id={`${id}-ask`}>
        <UntrustedText value={q.untrustedAsk} empty={q.key} site />
      </legend>
      <p class="folded-answer-line">
        <span class="folded-answer">
          {draft.choice === 'left_to_agent' ? (
            t('answers.leftToAgent')
          ) : draft.choice === 'own' ? (
            <span class="verbatim" dir="auto">
              {draft.own.trim()}
            </span>
          ) : (
            q.options
              .filter((o) => draft.optionKeys.includes(o.key))
              .map((o, i) => (
                <span key={o.key}>
                  {i > 0 ? ', ' : null}
                  <UntrustedText value={o.untrustedLabel} empty={o.key} site />
                </span>
              ))
          )}
        </span>{' '}
        {/* On the answer's line, quiet: a row per answer keeps every answered question and the next step in
            sight together once the answers are in. */}
        <button type="button" class="link-like" aria-describedby={`${id}-ask`} onClick={onChange}>
          {t('questions.change')}
        </button>
      </p>
    </fieldset>
  );
}
