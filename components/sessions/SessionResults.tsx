import type { CallResult } from '@/lib/contract/calls';
import type { Session } from '@/lib/contract/sessions';
import type { CallRow } from '@/lib/db/tables/calls';
import { useEffect, useRef, useState } from 'preact/hooks';
import { revisionWords } from '@/lib/sessions/plan-revision';
import { firstListed, shownWhole } from '@/lib/sessions/results-shown';
import { ResultFolded } from '@/components/result/ResultFolded';
import { ResultView } from '@/components/result/ResultView';
import { formatCount } from '@/lib/format/count';
import { t, tn } from '@/lib/i18n';

interface Props {
  session: Session;
  /** When the session was read (the results' freshness). */
  readAt: string;
  /** This browser's calls in the session, oldest first. */
  calls: readonly CallRow[];
  /** The run whose note is the plan shown above the results: listed folded, the plan is not shown twice. */
  planRunId?: string | null;
  /** With no result yet, say nothing at all (the session's questions lead, and results come after the plan). */
  silentWhenEmpty?: boolean;
}

interface Item {
  result: CallResult;
  call: CallRow;
  /** This browser has its own record of the call (it can stop, report and save files). */
  local: boolean;
}

/**
 * A call read after the session was read has the fresher result (the poller reads single calls); a call
 * the session does not list yet (just ended) follows the session's own results.
 */
function mergeResults(session: Session, readAt: string, calls: readonly CallRow[]): Item[] {
  const byRun = new Map(calls.filter((c) => c.runId !== null).map((c) => [c.runId as string, c]));
  const items: Item[] = session.results.map((result) => {
    const call = byRun.get(result.runId);
    const fresher = call?.result && (call.resultReadAt ?? '') > readAt ? call.result : result;
    return { result: fresher, call: call ?? standIn(session, result), local: call !== undefined };
  });
  const listed = new Set(session.results.map((r) => r.runId));
  for (const call of calls) {
    if (call.result && call.runId !== null && !listed.has(call.runId))
      items.push({ result: call.result, call, local: true });
  }
  return items;
}

/**
 * A result this browser did not start (on the site, or by another connection): shown the same way. With
 * no call row here, it has no stop, report or download (those need this browser's record of the call).
 */
function standIn(session: Session, result: CallResult): CallRow {
  return {
    localId: `run:${result.runId}`,
    connectionId: '',
    request: { agentId: result.agentId, callId: result.callId, sessionId: session.sessionId },
    idempotencyKey: '',
    approvalId: null,
    agentName: session.untrustedAgentName,
    callName: result.untrustedCallName,
    state: 'finished',
    attempts: 0,
    nextSendAt: null,
    runId: result.runId,
    sessionId: session.sessionId,
    holdCents: null,
    spendableAfterCents: null,
    privacyLine: null,
    today: null,
    result,
    resultReadAt: null,
    error: null,
    stop: null,
    report: null,
    createdAt: session.lastCallAt ?? '',
    updatedAt: session.lastCallAt ?? '',
    sentAt: null,
    startedAt: null,
    finishedAt: null,
    nextPollAt: null,
    polls: 0,
  };
}

/**
 * The session's results in order, each under its header line, with what it did to the plan. The newest (and
 * any still running) are shown whole, except the one whose note is the plan shown above; earlier ones are
 * folded, and the member opens or folds each one. A long
 * session lists its newest results at open (lib/sessions/results-shown firstListed); one button lists the rest.
 */
export function SessionResults({ session, readAt, calls, planRunId = null, silentWhenEmpty = false }: Props) {
  // The member's choice per result, by runId; a result with none follows shownWhole.
  const [opened, setOpened] = useState<ReadonlyMap<string, boolean>>(new Map());
  const [everyListed, setEveryListed] = useState(false);
  const list = useRef<HTMLOListElement>(null);
  // Only the member's button lists the earlier results; once it has, the first of them takes the focus
  // (the button is gone): reading goes on from result 1.
  useEffect(() => {
    if (everyListed) list.current?.querySelector<HTMLElement>(':scope > li')?.focus();
  }, [everyListed]);
  const items = mergeResults(session, readAt, calls);
  if (items.length === 0) {
    return silentWhenEmpty ? null : (
      <>
        <h2>{t('sessionView.results')}</h2>
        <p class="muted">{t('sessionView.noResults')}</p>
      </>
    );
  }
  const first = everyListed ? 0 : firstListed(items.map((item) => item.result.status));
  // Whether each result revises the plan depends on the results before it, listed or not.
  let planExists = false;
  const words = items.map(({ result }, index) => {
    const said = index >= first ? revisionWords(result, planExists) : null;
    if (result.callId === 'apply' && result.status === 'passed') planExists = true;
    return said;
  });
  return (
    <>
      <h2>{t('sessionView.results')}</h2>
      {first > 0 ? (
        <button type="button" class="secondary" onClick={() => setEveryListed(true)}>
          {tn('sessionView.showEarlier', first)}
        </button>
      ) : null}
      <ol class="session-results" aria-label={t('sessionView.resultsInOrder')} start={first + 1} ref={list}>
        {items.slice(first).map(({ result, call, local }, shown) => {
          const index = first + shown;
          const said = words[index];
          const n = formatCount(index + 1);
          const atFirst = shownWhole(index, items.length, result.status) && result.runId !== planRunId;
          const whole = opened.get(result.runId) ?? atFirst;
          const toggle = () => setOpened(new Map(opened).set(result.runId, !whole));
          return (
            <li key={result.runId} aria-label={t('sessionView.resultN', { n })} tabIndex={index === 0 ? -1 : undefined}>
              {said ? <p class="muted plan-role">{said}</p> : null}
              {whole ? <ResultView call={call} result={result} local={local} /> : <ResultFolded result={result} />}
              {atFirst ? null : (
                <button type="button" class="secondary" aria-expanded={whole} onClick={toggle}>
                  {whole ? t('sessionView.foldResult', { n }) : t('sessionView.openResult', { n })}
                </button>
              )}
            </li>
          );
        })}
      </ol>
    </>
  );
}
