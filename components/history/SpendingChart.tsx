import { useId } from 'preact/hooks';
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

const BAR = 10;
const HEIGHT = 100;

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
  const top = Math.max(1, ...spending.days.map((d) => d.cents));
  const topAgent = Math.max(1, ...spending.agents.map((a) => a.cents));
  const charged = spending.days.filter((d) => d.calls > 0);
  const first = spending.days[0];
  const last = spending.days.at(-1);
  return (
    <div class="spending-chart">
      <h3 id={`${id}-days`}>{t('spending.perDayHeading')}</h3>
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
        <title>{t('spending.perDayHeading')}</title>
        {spending.days.map((d, i) => {
          const h = d.cents === 0 ? 0 : Math.max(2, Math.round((d.cents / top) * HEIGHT));
          return (
            <rect key={d.day} x={i * BAR + 1} y={HEIGHT - h} width={BAR - 2} height={h}>
              <title>{t('spending.barTitle', { day: formatCalendarDate(d.day), amount: formatCents(d.cents) })}</title>
            </rect>
          );
        })}
      </svg>
      <Difference siteCents={siteCents} cachedCents={spending.totalCents} />
      {spending.agents.length > 0 ? (
        <>
          <h3>{t('spending.perAgent')}</h3>
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
        <table>
          <caption>{t('spending.perDay')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('spending.day')}</th>
              <th scope="col">{t('spending.charged')}</th>
              <th scope="col">{t('spending.callsColumn')}</th>
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
              <th scope="col">{t('spending.charged')}</th>
              <th scope="col">{t('spending.callsColumn')}</th>
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
