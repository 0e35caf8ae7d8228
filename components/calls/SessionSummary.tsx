import { getSession } from '@/lib/db/queries';
import { tnAmount } from '@/lib/format/amount';
import { formatCents } from '@/lib/format/money';
import { knownValue } from '@/lib/contract/tolerant';
import { useLiveQuery } from '@/components/common/useLiveQuery';
import { UntrustedText } from '@/components/common/UntrustedText';
import { t } from '@/lib/i18n';
import { Message } from '@/components/common/Message';
import { Time } from '@/components/common/Time';

function statusShort(status: string | undefined): string {
  switch (status) {
    case 'open':
      return t('session.statusShort.open');
    case 'closed':
      return t('session.statusShort.closed');
    case 'archived':
      return t('session.statusShort.archived');
    case 'deleted':
      return t('session.statusShort.deleted');
    default:
      return t('session.statusShort.unknown');
  }
}

/** The one session a session-scoped key reaches, as last read. */
export function SessionSummary({ sessionId }: { sessionId: string }) {
  const row = useLiveQuery((db) => getSession(db, sessionId), [sessionId]);
  const session = row.value?.session;
  return (
    <section aria-labelledby="session-title" class="card">
      <h2 id="session-title">{t('sessionSummary.heading')}</h2>
      {session ? (
        <>
          <p>
            {session.lastCallAt ? (
              <Message
                id="sessionSummary.lineLast"
                parts={{
                  agent: <UntrustedText value={session.untrustedAgentName} empty={session.agentId} />,
                  status: statusShort(knownValue(session.status)),
                  calls: tnAmount('sessionSummary.calls', session.calls),
                  charged: formatCents(session.chargedCents),
                  time: <Time iso={session.lastCallAt} relative />,
                }}
              />
            ) : (
              <Message
                id="sessionSummary.line"
                parts={{
                  agent: <UntrustedText value={session.untrustedAgentName} empty={session.agentId} />,
                  status: statusShort(knownValue(session.status)),
                  calls: tnAmount('sessionSummary.calls', session.calls),
                  charged: formatCents(session.chargedCents),
                }}
              />
            )}
          </p>
          {session.untrustedMovedNote ? (
            <p class="notice">
              <Message
                id="sessionSummary.moved"
                parts={{ note: <UntrustedText value={session.untrustedMovedNote} /> }}
              />
            </p>
          ) : null}
        </>
      ) : (
        <p class="muted">
          <Message id="sessionSummary.notRead" parts={{ id: <code class="verbatim">{sessionId}</code> }} />
        </p>
      )}
    </section>
  );
}
