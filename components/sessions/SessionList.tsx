import { useId } from 'preact/hooks';
import { UntrustedText } from '@/components/common/UntrustedText';
import type { Session } from '@/lib/contract/sessions';
import { tnAmount } from '@/lib/format/amount';
import { formatCents } from '@/lib/format/money';
import { sessionStatusWords, wayWords } from '@/lib/words/sessions';
import { t } from '@/lib/i18n';
import { Message } from '@/components/common/Message';
import { Time } from '@/components/common/Time';

export type SessionSummary = Pick<
  Session,
  | 'sessionId'
  | 'agentId'
  | 'untrustedAgentName'
  | 'status'
  | 'calls'
  | 'chargedCents'
  | 'lastCallAt'
  | 'untrustedMovedNote'
  | 'startedByThisConnection'
  | 'way'
  | 'research'
>;

interface Props {
  sessions: readonly SessionSummary[];
  onOpen: (sessionId: string) => void;
  now?: Date;
}

/** The member's sessions from the cache, in the order given. */
export function SessionList({ sessions, onOpen, now }: Props) {
  if (sessions.length === 0) return <p class="empty">{t('sessions.empty')}</p>;
  return (
    <ul class="session-list" aria-label={t('sessions.heading')}>
      {sessions.map((s) => (
        <SessionListItem key={s.sessionId} session={s} onOpen={onOpen} now={now} />
      ))}
    </ul>
  );
}

export function SessionListItem({
  session: s,
  onOpen,
  now,
}: {
  session: SessionSummary;
  onOpen: (sessionId: string) => void;
  now?: Date;
}) {
  const id = useId();
  return (
    <li class="session-item">
      <h2 id={`${id}-name`}>
        <UntrustedText value={s.untrustedAgentName} empty={s.agentId} name />
      </h2>
      <p>
        {wayWords(s.way)} · {sessionStatusWords(s.status)}
        {s.research ? <span class="badge">{t('sessions.research')}</span> : null}
      </p>
      <p class="muted">
        <Message
          id="sessions.line"
          parts={{
            calls: tnAmount('sessionSummary.calls', s.calls),
            charged: formatCents(s.chargedCents),
            last: s.lastCallAt ? (
              <Message id="sessions.lastCall" parts={{ time: <Time iso={s.lastCallAt} relative now={now} /> }} />
            ) : (
              t('sessions.noCallYet')
            ),
          }}
        />
      </p>
      <p class="muted">{s.startedByThisConnection ? t('sessions.startedHere') : t('sessionView.startedElsewhere')}</p>
      {s.untrustedMovedNote ? (
        <p class="notice">
          <Message id="sessionSummary.moved" parts={{ note: <UntrustedText value={s.untrustedMovedNote} /> }} />
        </p>
      ) : null}
      <button
        type="button"
        id={`${id}-open`}
        aria-labelledby={`${id}-open ${id}-name`}
        onClick={() => onOpen(s.sessionId)}
      >
        {t('sessions.open')}
      </button>
    </li>
  );
}
