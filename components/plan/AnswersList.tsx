import type { ComponentChildren } from 'preact';
import { UntrustedText } from '@/components/common/UntrustedText';
import type { Answer, Question } from '@/lib/contract/sessions';
import { t } from '@/lib/i18n';
import { Message } from '@/components/common/Message';
import { Time } from '@/components/common/Time';

interface Props {
  answers: readonly Answer[];
  /** Questions to name the answers by (opening and shown); an answer to an unknown key shows its key. */
  questions: readonly Question[];
  now?: Date;
}

type Group = 'prompt' | 'member' | 'connection' | 'other';

function groupTitle(group: Group): string {
  switch (group) {
    case 'prompt':
      return t('answers.group.prompt');
    case 'member':
      return t('answers.group.member');
    case 'connection':
      return t('answers.group.connection');
    default:
      return t('answers.group.other');
  }
}

function groupOf(a: Answer): Group {
  if (a.fromPrompt) return 'prompt';
  if (a.by === 'member') return 'member';
  if (a.by === 'connection') return 'connection';
  return 'other';
}

/** The answers given so far, by who gave them; those filled in from the request are marked. */
export function AnswersList({ answers, questions, now }: Props) {
  // Nothing given yet says nothing the questions above do not: no line.
  if (answers.length === 0) return null;
  const byKey = new Map(questions.map((q) => [q.key, q]));
  const groups: Group[] = ['prompt', 'member', 'connection', 'other'];
  return (
    <section class="answers" aria-label={t('answers.label')}>
      {groups.map((g) => {
        const list = answers.filter((a) => groupOf(a) === g);
        if (list.length === 0) return null;
        return (
          <section key={g} aria-label={groupTitle(g)}>
            <h3>{groupTitle(g)}</h3>
            <ul>
              {list.map((a) => (
                <AnswerItem key={a.key} answer={a} question={byKey.get(a.key)} now={now} />
              ))}
            </ul>
          </section>
        );
      })}
    </section>
  );
}

function AnswerItem({ answer: a, question: q, now }: { answer: Answer; question: Question | undefined; now?: Date }) {
  const label = (key: string) => {
    const option = q?.options.find((o) => o.key === key);
    // The site's option, quoted as the site's (the member's own words are theirs, not quoted).
    return option ? (
      <UntrustedText value={option.untrustedLabel} empty={key} site />
    ) : (
      <code class="verbatim">{key}</code>
    );
  };
  let body: ComponentChildren;
  switch (a.kind) {
    case 'option':
      body = a.optionKeys.map((k, i) => (
        <span key={k}>
          {i > 0 ? ', ' : ''}
          {label(k)}
        </span>
      ));
      break;
    case 'own':
      body = <UntrustedText value={a.untrustedOwn} block empty={t('answers.empty')} />;
      break;
    case 'left_to_agent':
      body =
        a.optionKeys.length > 0 ? (
          <Message
            id="answers.leftToAgentUses"
            parts={{
              options: (
                <>
                  {a.optionKeys.map((k) => (
                    <span key={k}>{label(k)}</span>
                  ))}
                </>
              ),
            }}
          />
        ) : (
          t('answers.leftToAgent')
        );
      break;
    default:
      body = t('answers.unknownKind');
  }
  return (
    <li class="answer">
      <strong>
        {q ? <UntrustedText value={q.untrustedAsk} empty={a.key} site /> : <code class="verbatim">{a.key}</code>}
      </strong>{' '}
      {a.fromPrompt ? <span class="badge">{t('answers.fromRequest')}</span> : null}
      <div>{body}</div>
      <small class="muted">
        <Time iso={a.at} relative now={now} />
      </small>
    </li>
  );
}
