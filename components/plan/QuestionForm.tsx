import { useId, useState } from 'preact/hooks';
import { UntrustedText } from '@/components/common/UntrustedText';
import type { Question } from '@/lib/api/schemas';
import type { AnswerInput } from '@/lib/api/request-schemas';
import { charCount } from '@/lib/format/chars';
import {
  type AnswerDraft,
  choose,
  type DraftProblem,
  draftsToSend,
  EMPTY_DRAFT,
  OWN_ANSWER_MAX,
  toggleOption,
  validateDraft,
  writeOwn,
} from '@/lib/sessions/answer-draft';
import { formatCount } from '@/lib/format/count';
import { t } from '@/lib/i18n';
import { Message } from '@/components/common/Message';
import { SiteText } from '@/components/common/SiteText';

export interface SiteProblem {
  key: string;
  problem: string;
}

interface Props {
  /** The questions to answer now (the questions object's `shown`). */
  questions: readonly Question[];
  /** The member's drafts by question key, as saved (nothing is lost when the panel closes). */
  drafts: Readonly<Record<string, AnswerDraft | undefined>>;
  /** Every change, as it happens: the caller saves the draft. */
  onDraftChange: (key: string, draft: AnswerDraft) => void;
  /** The answers that fit their questions, once every drafted answer fits. */
  onSend: (answers: Record<string, AnswerInput>) => void;
  /** The site's 400 invalid_answers: which answers do not fit. */
  siteProblems?: readonly SiteProblem[];
  busy?: boolean;
  sendLabel?: string;
  /**
   * The site takes no answers on their own (no PUT answers): no send button; this says where they go instead
   * (with the next call). The drafts are kept as the member types.
   */
  answersGoWith?: string;
}

// Problems the member must see while typing, not only after pressing send.
const ALWAYS_SHOWN = new Set(['own_too_long', 'unknown_option', 'one_only', 'no_recommendation']);

/** The questions to answer now, as a form. Controlled: the drafts come from the caller. */
export function QuestionForm({
  questions,
  drafts,
  onDraftChange,
  onSend,
  siteProblems = [],
  busy = false,
  sendLabel,
  answersGoWith,
}: Props) {
  const formId = useId();
  const [tried, setTried] = useState(false);
  const [nothing, setNothing] = useState(false);
  // An answer folds only while it stands: chosen, valid, and not questioned by the site.
  const settled = (q: Question) => isAnswered(q, drafts[q.key]) && !siteProblems.some((p) => p.key === q.key);
  // Questions already answered when the form opened (drafts kept from an earlier visit) fold to their answer,
  // so the first unanswered one is in sight; "Change" unfolds one. Nothing folds while the member answers.
  const [folded, setFolded] = useState<ReadonlySet<string>>(
    () => new Set(questions.filter((q) => settled(q)).map((q) => q.key)),
  );
  const unfold = (key: string) => setFolded((keys) => new Set([...keys].filter((k) => k !== key)));

  if (questions.length === 0) return null;

  const shownKeys = new Set(questions.map((q) => q.key));
  const otherSiteProblems = siteProblems.filter((p) => !shownKeys.has(p.key));

  const send = (event: Event) => {
    event.preventDefault();
    setTried(true);
    const { answers, problems } = draftsToSend(questions, drafts);
    if (Object.keys(problems).length > 0) {
      setNothing(false);
      return;
    }
    if (Object.keys(answers).length === 0) {
      setNothing(true);
      return;
    }
    setNothing(false);
    onSend(answers);
  };

  return (
    <form class="question-form" aria-labelledby={`${formId}-title`} onSubmit={send} noValidate>
      <h2 id={`${formId}-title`}>{t('questions.heading')}</h2>
      <p class="muted">{t('questions.intro')}</p>
      {questions.map((q, i) =>
        folded.has(q.key) && settled(q) ? (
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
            draft={drafts[q.key] ?? EMPTY_DRAFT}
            tried={tried}
            siteProblems={siteProblems.filter((p) => p.key === q.key)}
            onChange={(d) => {
              setNothing(false);
              onDraftChange(q.key, d);
            }}
          />
        ),
      )}
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
      {nothing ? (
        <p role="alert" class="error-text">
          {t('questions.answerOne')}
        </p>
      ) : null}
      {answersGoWith ? (
        <p class="muted" role="note">
          {answersGoWith}
        </p>
      ) : (
        <button type="submit" disabled={busy}>
          {busy ? t('questions.sending') : (sendLabel ?? t('questions.send'))}
        </button>
      )}
    </form>
  );
}

interface FieldsProps {
  id: string;
  question: Question;
  draft: AnswerDraft;
  tried: boolean;
  siteProblems: readonly SiteProblem[];
  onChange: (draft: AnswerDraft) => void;
}

function QuestionFields({ id, question: q, draft, tried, siteProblems, onChange }: FieldsProps) {
  const type = q.multiple ? 'checkbox' : 'radio';
  const name = `${id}-answer`;
  const problems: DraftProblem[] = validateDraft(q, draft).filter((p) => tried || ALWAYS_SHOWN.has(p.code));
  const recommended = q.options.find((o) => o.key === q.recommended) ?? null;
  const ownChars = charCount(draft.own.trim());
  const problemId = `${id}-problems`;
  const hasProblems = problems.length > 0 || siteProblems.length > 0;
  // Options the site no longer offers but the draft still holds stay visible, so the member can untick them.
  const stale = draft.choice === 'option' ? draft.optionKeys.filter((k) => !q.options.some((o) => o.key === k)) : [];

  return (
    <fieldset class="question" aria-describedby={`${id}-why ${id}-detail${hasProblems ? ` ${problemId}` : ''}`}>
      <legend>
        <UntrustedText value={q.untrustedAsk} empty={q.key} />
      </legend>
      <p id={`${id}-why`} class="muted">
        <Message id="questions.whyAsks" parts={{ why: <UntrustedText value={q.untrustedWhy} /> }} />
      </p>
      <p id={`${id}-detail`} class="muted">
        <Message id="questions.detailFills" parts={{ detail: <UntrustedText value={q.untrustedDetail} /> }} />
      </p>
      <p class="muted">{q.multiple ? t('questions.chooseMany') : t('questions.chooseOne')}</p>

      {q.options.map((o, j) => {
        const optionId = `${id}-o${j}`;
        const isRecommended = o.key === q.recommended;
        return (
          <div class={`option${isRecommended ? ' option-recommended' : ''}`} key={o.key}>
            <input
              type={type}
              id={optionId}
              name={name}
              value={o.key}
              checked={draft.choice === 'option' && draft.optionKeys.includes(o.key)}
              aria-describedby={`${optionId}-desc${isRecommended ? ` ${optionId}-why` : ''}`}
              onChange={(e) => onChange(toggleOption(draft, q, o.key, e.currentTarget.checked))}
            />
            <label for={optionId}>
              <UntrustedText value={o.untrustedLabel} empty={o.key} />
              {isRecommended ? <span class="badge">{t('questions.recommended')}</span> : null}
            </label>
            <div id={`${optionId}-desc`} class="muted">
              <UntrustedText value={o.untrustedDescription} block />
            </div>
            {isRecommended ? (
              <p id={`${optionId}-why`} class="recommended-why">
                <Message
                  id="questions.whyRecommended"
                  parts={{ why: <UntrustedText value={q.untrustedRecommendedWhy} empty={t('questions.noReason')} /> }}
                />
              </p>
            ) : null}
          </div>
        );
      })}

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

      <div class="option">
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
        <p id={`${id}-left-desc`} class="muted">
          {recommended ? (
            <Message
              id="questions.usesRecommended"
              parts={{ option: <UntrustedText value={recommended.untrustedLabel} empty={recommended.key} /> }}
            />
          ) : (
            t('questions.noRecommended')
          )}
        </p>
      </div>

      <div class="option">
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
      <label for={`${id}-own-text`} class="own-label">
        {t('questions.ownLabel', { count: formatCount(ownChars), max: formatCount(OWN_ANSWER_MAX) })}
      </label>
      <textarea
        id={`${id}-own-text`}
        rows={3}
        value={draft.own}
        aria-invalid={problems.some((p) => p.code === 'own_too_long' || p.code === 'own_empty')}
        onInput={(e) => onChange(writeOwn(draft, e.currentTarget.value))}
      />

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
        <UntrustedText value={q.untrustedAsk} empty={q.key} />
      </legend>
      <p class="folded-answer">
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
                <UntrustedText value={o.untrustedLabel} empty={o.key} />
              </span>
            ))
        )}
      </p>
      <button type="button" class="secondary" aria-describedby={`${id}-ask`} onClick={onChange}>
        {t('questions.change')}
      </button>
    </fieldset>
  );
}
