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

/**
 * What the chart's calls add up to beside the site's total, each amount said once: when they agree, nothing
 * (the total is the site's, just above, and agreeing is what the member expects); otherwise the chart's total
 * and why the two may differ.
 */
function Sum({ spending, siteCents }: { spending: CachedSpending; siteCents: number | null }) {
  const cachedCents = spending.totalCents;
  const diff = explainDifference(siteCents, cachedCents);
  if (diff.kind === 'same') return null;
  return (
    <p class="muted">
      <Message id="spending.total" count={spending.chargedCalls} parts={{ amount: formatCents(cachedCents) }} />{' '}
      {diff.kind === 'unreadable'
        ? t('spending.diffUnreadable', { amount: formatCentsOrUnreadable(null) })
        : diff.kind === 'site_more'
          ? t('spending.diffSiteMore', { diff: formatCents(diff.cents), total: formatCents(siteCents ?? 0) })
          : t('spending.diffCacheMore', { diff: formatCents(diff.cents), total: formatCents(siteCents ?? 0) })}
    </p>
  );
}

/**
 * Charged cents per day (a chart of bars) and per agent (a list, each amount at the line's end, for two agents
 * or more) from the cached calls, with the same figures as a table. The days are drawn only when two or more
 * were charged: one bar at the chart's edge says nothing the total above does not. With no charged call saved
 * at all, only a difference from the site's total is said (calls made elsewhere, a total the site cannot read),
 * or nothing.
 */
export function SpendingChart({ spending, siteCents }: Props) {
  const id = useId();
  const charged = spending.days.filter((d) => d.calls > 0);
  if (charged.length === 0 && explainDifference(siteCents, spending.totalCents).kind === 'same') return null;
  return (
    <div class="spending-chart">
      {charged.length >= 2 ? <DayBars days={spending.days} id={`${id}-days`} describedBy={`${id}-table-note`} /> : null}
      <Sum spending={spending} siteCents={siteCents} />
      {/* Per agent only when there are two or more: one agent's amount is the total above, said again. */}
      {spending.agents.length >= 2 ? (
        <>
          <h3 id={`${id}-agents`}>{t('spending.perAgentCaption')}</h3>
          <ul class="agent-amounts" aria-labelledby={`${id}-agents`}>
            {spending.agents.map((a) => (
              <li key={a.agentId}>
                <UntrustedText value={a.name ?? { untrustedText: a.agentId, truncated: false }} name />
                <span class="amount">{formatCents(a.cents)}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {charged.length > 0 ? <Tables spending={spending} id={id} /> : null}
    </div>
  );
}

/** The chart's figures as tables, folded: per charged day, and per agent with the count of their calls. */
function Tables({ spending, id }: { spending: CachedSpending; id: string }) {
  const charged = spending.days.filter((d) => d.calls > 0);
  return (
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
  );
}

/**
 * One bar a day on a date axis (first, middle and last day named), days without a charge drawn as empty
 * days, each bar's height its share of the most charged day's. The chart is one slider over the days: the
 * arrow keys, or the pointer over a bar, read one day's amount out at the end of its heading's line, the last
 * charged day's from the start; the table holds every figure too. Drawn for two or more charged days only.
 */
function DayBars({
  days,
  id,
  describedBy,
}: {
  days: CachedSpending['days'];
  /** The chart's heading's: the slider is named by it. */
  id: string;
  describedBy: string;
}) {
  const lastCharged = days.findLastIndex((d) => d.calls > 0);
  const [chosen, choose] = useState(lastCharged >= 0 ? lastCharged : days.length - 1);
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
    choose(Math.min(Math.max(step(index, last), 0), last));
  };
  return (
    <div class="day-chart">
      {/* The day read out at the end of the heading's line: pointing at a day moves nothing under the chart. */}
      <div class="day-chart-head">
        <h3 id={id}>{t('spending.perDay')}</h3>
        <span class="day-reading" aria-hidden="true">
          {reading}
        </span>
      </div>
      <div
        class="day-bars"
        role="slider"
        tabIndex={0}
        aria-labelledby={id}
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
            onPointerEnter={() => choose(i)}
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
    </div>
  );
}
