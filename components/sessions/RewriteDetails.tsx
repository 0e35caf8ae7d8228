import { useId, useState } from 'preact/hooks';
import type { Questions, Session } from '@/lib/contract/sessions';
import type { MemberError } from '@/lib/db/member-error';
import { charCount } from '@/lib/format/chars';
import { decideRewrite, rereadWords, rewriteWords } from '@/lib/sessions/rewrite';
import { useActions } from '@/components/common/actions';
import { ErrorNotice } from '@/components/common/ErrorNotice';
import { SecretWarning, hasSecretText } from '@/components/common/SecretWarning';
import { useTextDraft } from './drafts';
import { formatCount } from '@/lib/format/count';
import { t } from '@/lib/i18n';
import { MAX_DETAILS_CHARS } from '@/lib/contract/limits';

/**
 * Rewriting the request (PUT details): it reads the request again and may ask new questions. Once the
 * plan's call ran it is refused (plan_ran): the panel says so instead of offering it.
 */
export function RewriteDetails({ session, questions }: { session: Session; questions: Questions }) {
  const draft = useTextDraft(`details:${session.sessionId}`);
  if (!questions.pass.canReread) {
    return <p class="muted">{rewriteWords({ send: false, reason: 'plan_ran' })}</p>;
  }
  if (!draft.loaded) return null;
  // The request as last read is the starting point, unless it was cut (then it cannot be edited whole).
  const current =
    questions.untrustedDetails && !questions.untrustedDetails.truncated ? questions.untrustedDetails.untrustedText : '';
  return (
    <Form
      key={session.sessionId}
      session={session}
      questions={questions}
      initial={draft.text ?? current}
      draft={draft}
    />
  );
}

function Form({
  session,
  questions,
  initial,
  draft,
}: {
  session: Session;
  questions: Questions;
  initial: string;
  draft: ReturnType<typeof useTextDraft>;
}) {
  const id = useId();
  const actions = useActions();
  const [text, setText] = useState(initial);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<MemberError | null>(null);
  const [busy, setBusy] = useState(false);
  const decision = decideRewrite(questions, text);

  const save = async (event: Event) => {
    event.preventDefault();
    setError(null);
    if (!decision.send) {
      setNote(rewriteWords(decision));
      return;
    }
    if (hasSecretText(text)) {
      setNote(t('share.coverage.secret'));
      return;
    }
    setNote(null);
    setBusy(true);
    const result = await actions.send('putDetails', { sessionId: session.sessionId, details: text });
    setBusy(false);
    if (!result.ok) setError(result.error);
    else setNote(t('rewrite.saved'));
  };

  return (
    <form class="rewrite" onSubmit={save} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`}>{t('sessionView.rewrite')}</h2>
      <p class="muted">{rereadWords(questions.pass)}</p>
      <label for={`${id}-text`}>
        {t('rewrite.label', { count: formatCount(charCount(text)), max: formatCount(MAX_DETAILS_CHARS) })}
      </label>
      <textarea
        dir="auto"
        id={`${id}-text`}
        rows={5}
        value={text}
        onInput={(e) => {
          setText(e.currentTarget.value);
          setNote(null);
          draft.save(e.currentTarget.value);
        }}
      />
      <SecretWarning text={text} />
      {note ? <p role="status">{note}</p> : null}
      {error ? <ErrorNotice error={error} title={t('rewrite.notSaved')} /> : null}
      <button type="submit" class="secondary" disabled={busy}>
        {busy ? t('resultFiles.saving') : t('rewrite.save')}
      </button>
    </form>
  );
}
