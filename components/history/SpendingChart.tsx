import { useId, useState } from 'preact/hooks';
import { formatCalendarDate } from '@/lib/format/time';
import { formatCents, formatCentsOrUnreadable } from '@/lib/format/money';
import { formatCount } from '@/lib/format/count';
import { type CachedSpending, explainDifference } from '@/lib/history/spending-chart';
import { UntrustedText } from '@/components/common/UntrustedText';
import { t } from '@/lib/i18n';
import { Message } from '@/components/common/Message';
import { Time } from '@/components/common/Time';

interface Props {
  spending: CachedSpending;
  /** GET /me spentSinceCents for the same start; null while the site cannot read it (or was not reached). */
  siteCents: number | null;
}

/** Keys that move along the days, as on any slider. */
const STEP: Record<string, (i: number, last: number) => number> = {
  ArrowLeft: (i) => i - 1,
  ArrowDown: (i) => i - 1,
  ArrowRight: (i) => i + 1,
  ArrowUp: (i) => i + 1,
  Home: () => 0,
  End: (_, last) => last,
  PageDown: (i) => i - 7,
  PageUp: (i) => i + 7,
};

function Difference({ siteCents, cachedCents }: { siteCents: number | null; cachedCents: number }) {
  const diff = explainDifference(siteCents, cachedCents);
  switch (diff.kind) {
    case 'unreadable':
      return <p>{t('spending.diffUnreadable', { amount: formatCentsOrUnreadable(null) })}</p>;
    case 'same':
      return <p>{t('spending.diffSame', { amount: formatCents(cachedCents) })}</p>;
    case 'site_more':
      return <p>{t('spending.diffSiteMore', { diff: formatCents(diff.cents), total: formatCents(siteCents ?? 0) })}</p>;
    case 'cache_more':
      return (
        <p>{t('spending.diffCacheMore', { diff: formatCents(diff.cents), total: formatCents(siteCents ?? 0) })}</p>
      );
  }
}

/** Charged cents per day and per agent from the cached calls, with the same figures as a table. */
export function SpendingChart({ spending, siteCents }: Props) {
  const id = useId();
  const topAgent = Math.max(1, ...spending.agents.map((a) => a.cents));
  const charged = spending.days.filter((d) => d.calls > 0);
  const first = spending.days[0];
  const last = spending.days.at(-1);
  return (
    <div class="spending-chart">
      <h3 id={`${id}-days`}>{t('spending.perDay')}</h3>
      <p>
        {first && last ? (
          <Message
            id="spending.totalFromTo"
            count={spending.chargedCalls}
            parts={{
              amount: formatCents(spending.totalCents),
              from: <Time iso={first.day} day />,
              to: <Time iso={last.day} day />,
            }}
          />
        ) : (
          <Message
            id="spending.total"
            count={spending.chargedCalls}
            parts={{ amount: formatCents(spending.totalCents) }}
          />
        )}
      </p>
      <DayBars days={spending.days} labelledBy={`${id}-days`} describedBy={`${id}-table-note`} />
      <Difference siteCents={siteCents} cachedCents={spending.totalCents} />
      {spending.agents.length > 0 ? (
        <>
          <h3>{t('spending.perAgentCaption')}</h3>
          <ul class="agent-bars">
            {spending.agents.map((a) => (
              <li key={a.agentId}>
                <span>
                  <Message
                    id="spending.agentLine"
                    parts={{
                      agent: <UntrustedText value={a.name ?? { untrustedText: a.agentId, truncated: false }} />,
                      amount: formatCents(a.cents),
                    }}
                  />
                </span>
                <span
                  class="agent-bar"
                  aria-hidden="true"
                  style={{ width: `${Math.max(1, Math.round((a.cents / topAgent) * 100))}%` }}
                />
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <details>
        <summary>{t('spending.asTable')}</summary>
        <p id={`${id}-table-note`} class="muted">
          {t('spending.tableNote')}
        </p>
        {/* The amounts' and counts' headings stand right, over their right-aligned figures. */}
        <table>
          <caption>{t('spending.perDay')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('spending.day')}</th>
              <th scope="col" class="num">
                {t('spending.charged')}
              </th>
              <th scope="col" class="num">
                {t('app.callsHeading')}
              </th>
            </tr>
          </thead>
          <tbody>
            {charged.map((d) => (
              <tr key={d.day}>
                <th scope="row">
                  <Time iso={d.day} day />
                </th>
                <td>{formatCents(d.cents)}</td>
                <td>{formatCount(d.calls)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <table>
          <caption>{t('spending.perAgentCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('spending.agentColumn')}</th>
              <th scope="col" class="num">
                {t('spending.charged')}
              </th>
              <th scope="col" class="num">
                {t('app.callsHeading')}
              </th>
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

/**
 * One bar a day on a date axis (first, middle and last day named), days without a charge drawn as empty
 * days, the amount axis named at its top and its foot. The chart is one slider over the days: the arrow
 * keys, or the pointer over a bar, read one day's amount out under it; the table holds every figure too.
 */
function DayBars({
  days,
  labelledBy,
  describedBy,
}: {
  days: CachedSpending['days'];
  labelledBy: string;
  describedBy: string;
}) {
  const lastCharged = days.findLastIndex((d) => d.calls > 0);
  const [chosen, setChosen] = useState(lastCharged >= 0 ? lastCharged : days.length - 1);
  if (days.length === 0) return null;
  const last = days.length - 1;
  const index = Math.min(Math.max(chosen, 0), last);
  const day = days[index] ?? days[0];
  const top = Math.max(1, ...days.map((d) => d.cents));
  const middle = days[Math.floor(last / 2)];
  const reading = day
    ? t('spending.barTitle', { day: formatCalendarDate(day.day), amount: formatCents(day.cents) })
    : '';
  const onKey = (event: KeyboardEvent) => {
    const step = STEP[event.key];
    if (!step) return;
    event.preventDefault();
    setChosen(Math.min(Math.max(step(index, last), 0), last));
  };
  return (
    <div class="day-chart">
      <div class="amount-axis" aria-hidden="true">
        <span>{formatCents(top)}</span>
        <span>{formatCents(0)}</span>
      </div>
      <div
        class="day-bars"
        role="slider"
        tabIndex={0}
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        aria-valuemin={0}
        aria-valuemax={last}
        aria-valuenow={index}
        aria-valuetext={reading}
        aria-orientation="horizontal"
        onKeyDown={onKey}
      >
        {days.map((d, i) => (
          <span
            key={d.day}
            class={`day${i === index ? ' day-chosen' : ''}${d.calls > 0 ? '' : ' day-empty'}`}
            onPointerEnter={() => setChosen(i)}
          >
            {d.cents > 0 ? (
              <span class="day-bar" style={{ height: `${Math.max(3, Math.round((d.cents / top) * 100))}%` }} />
            ) : null}
          </span>
        ))}
      </div>
      <div class="date-axis" aria-hidden="true">
        <Time iso={days[0]?.day ?? ''} day />
        {last >= 2 && middle ? <Time iso={middle.day} day /> : null}
        {last >= 1 ? <Time iso={days[last]?.day ?? ''} day /> : null}
      </div>
      <p class="day-reading" aria-hidden="true">
        {reading}
      </p>
    </div>
  );
}
