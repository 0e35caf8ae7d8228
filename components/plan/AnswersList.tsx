import type { ComponentChildren } from 'preact';
import { UntrustedText } from '@/components/common/UntrustedText';
import type { Answer, Question } from '@/lib/api/schemas';
import { formatRelative } from '@/lib/format/time';

interface Props {
  answers: readonly Answer[];
  /** Questions to name the answers by (opening and shown); an answer to an unknown key shows its key. */
  questions: readonly Question[];
  now?: Date;
}

type Group = 'prompt' | 'member' | 'connection' | 'other';

const GROUP_TITLES: Record<Group, string> = {
  prompt: 'Filled in from your request',
  member: 'Answered by you',
  connection: 'Answered by this connection',
  other: 'Answered by someone this version does not know',
};

function groupOf(a: Answer): Group {
  if (a.fromPrompt) return 'prompt';
  if (a.by === 'member') return 'member';
  if (a.by === 'connection') return 'connection';
  return 'other';
}

/** The answers given so far, by who gave them; those filled in from the request are marked. */
export function AnswersList({ answers, questions, now }: Props) {
  if (answers.length === 0) return <p class="muted">No answers given yet.</p>;
  const byKey = new Map(questions.map((q) => [q.key, q]));
  const groups: Group[] = ['prompt', 'member', 'connection', 'other'];
  return (
    <section class="answers" aria-label="Answers given">
      {groups.map((g) => {
        const list = answers.filter((a) => groupOf(a) === g);
        if (list.length === 0) return null;
        return (
          <section key={g} aria-label={GROUP_TITLES[g]}>
            <h3>{GROUP_TITLES[g]}</h3>
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
    return option ? <UntrustedText value={option.untrustedLabel} empty={key} /> : <code>{key}</code>;
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
      body = <UntrustedText value={a.untrustedOwn} block empty="(empty)" />;
      break;
    case 'left_to_agent':
      body = (
        <>
          Left to the agent
          {a.optionKeys.length > 0 ? <>: it uses {a.optionKeys.map((k) => <span key={k}>{label(k)}</span>)}</> : null}
        </>
      );
      break;
    default:
      body = <>An answer of a kind this version does not show</>;
  }
  return (
    <li class="answer">
      <strong>{q ? <UntrustedText value={q.untrustedAsk} empty={a.key} /> : <code>{a.key}</code>}</strong>{' '}
      {a.fromPrompt ? <span class="badge">from your request</span> : null}
      <div>{body}</div>
      <small class="muted">{formatRelative(a.at, now)}</small>
    </li>
  );
}
