import { useId } from 'preact/hooks';
import { formatCalendarDate } from '@/lib/format/time';
import { formatCents, formatCentsOrUnreadable } from '@/lib/format/money';
import { formatCount, plural } from '@/lib/format/count';
import { type CachedSpending, explainDifference } from '@/lib/history/spending-chart';
import { UntrustedText } from '../common/UntrustedText';

interface Props {
  spending: CachedSpending;
  /** GET /me spentSinceCents for the same start; null while the site cannot read it (or was not reached). */
  siteCents: number | null;
}

const BAR = 10;
const HEIGHT = 100;

function Difference({ siteCents, cachedCents }: { siteCents: number | null; cachedCents: number }) {
  const diff = explainDifference(siteCents, cachedCents);
  switch (diff.kind) {
    case 'unreadable':
      return <p>The site’s total is {formatCentsOrUnreadable(null)}; the chart shows what this browser’s cache holds.</p>;
    case 'same':
      return <p>The site’s total is the same: {formatCents(cachedCents)}.</p>;
    case 'site_more':
      return (
        <p>
          The site counts {formatCents(diff.cents)} more ({formatCents(siteCents ?? 0)} in all). The site’s figure also holds what running calls
          hold now, the running cost of failed calls, and calls made elsewhere: on the site itself, in another browser, or from calls no longer
          cached here.
        </p>
      );
    case 'cache_more':
      return (
        <p>
          The site counts {formatCents(diff.cents)} less ({formatCents(siteCents ?? 0)} in all) than this browser’s cache. The site’s figure is
          the one your balance follows.
        </p>
      );
  }
}

/** Charged cents per day and per agent from the cached calls, with the same figures as a table. */
export function SpendingChart({ spending, siteCents }: Props) {
  const id = useId();
  const top = Math.max(1, ...spending.days.map((d) => d.cents));
  const topAgent = Math.max(1, ...spending.agents.map((a) => a.cents));
  const charged = spending.days.filter((d) => d.calls > 0);
  const first = spending.days[0];
  const last = spending.days.at(-1);
  return (
    <div class="spending-chart">
      <h3 id={`${id}-days`}>Charged per day, from this browser’s cache</h3>
      <p>
        {formatCents(spending.totalCents)} for {plural(spending.chargedCalls, 'charged call', 'charged calls')}
        {first && last ? `, ${formatCalendarDate(first.day)} to ${formatCalendarDate(last.day)}` : ''}.
      </p>
      <svg
        class="bars"
        role="img"
        aria-labelledby={`${id}-days`}
        aria-describedby={`${id}-table-note`}
        viewBox={`0 0 ${Math.max(1, spending.days.length) * BAR} ${HEIGHT}`}
        preserveAspectRatio="none"
        width="100%"
        height="80"
      >
        <title>Charged per day, from this browser’s cache</title>
        {spending.days.map((d, i) => {
          const h = d.cents === 0 ? 0 : Math.max(2, Math.round((d.cents / top) * HEIGHT));
          return (
            <rect key={d.day} x={i * BAR + 1} y={HEIGHT - h} width={BAR - 2} height={h}>
              <title>{`${formatCalendarDate(d.day)}: ${formatCents(d.cents)}`}</title>
            </rect>
          );
        })}
      </svg>
      <Difference siteCents={siteCents} cachedCents={spending.totalCents} />
      {spending.agents.length > 0 ? (
        <>
          <h3>Per agent</h3>
          <ul class="agent-bars">
            {spending.agents.map((a) => (
              <li key={a.agentId}>
                <span>
                  <UntrustedText value={a.name ?? { untrustedText: a.agentId, truncated: false }} />: {formatCents(a.cents)}
                </span>
                <span class="agent-bar" aria-hidden="true" style={{ width: `${Math.max(1, Math.round((a.cents / topAgent) * 100))}%` }} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <details>
        <summary>The figures as a table</summary>
        <p id={`${id}-table-note`} class="muted">
          Days not listed had no charged call.
        </p>
        <table>
          <caption>Charged per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Charged</th>
              <th scope="col">Calls</th>
            </tr>
          </thead>
          <tbody>
            {charged.map((d) => (
              <tr key={d.day}>
                <th scope="row">{formatCalendarDate(d.day)}</th>
                <td>{formatCents(d.cents)}</td>
                <td>{formatCount(d.calls)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <table>
          <caption>Charged per agent</caption>
          <thead>
            <tr>
              <th scope="col">Agent</th>
              <th scope="col">Charged</th>
              <th scope="col">Calls</th>
            </tr>
          </thead>
          <tbody>
            {spending.agents.map((a) => (
              <tr key={a.agentId}>
                <th scope="row">
                  <UntrustedText value={a.name ?? { untrustedText: a.agentId, truncated: false }} />
                </th>
                <td>{formatCents(a.cents)}</td>
                <td>{formatCount(a.calls)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}
