import { balanceMovedQuery, meBehind } from '@/lib/db/balance-moved';
import type { ConnectionRow } from '@/lib/db/tables/connection';
import { formatCents } from '@/lib/format/money';
import { t } from '@/lib/i18n';
import { SiteText } from '@/components/common/SiteText';
import { usePanelQuery } from '@/components/common/usePanelQuery';

/**
 * One quiet line above the tabs: the connection's name as the member gave it on the site, and what can pay for
 * calls now, as GET /me last said it (absent until it was read: never a guess). A read older than the last
 * call this browser knows moved the balance (a hold or a charge) is not shown here at all: this line is read
 * at a glance as the balance now, with no room to say "as of", and the worker reads GET /me again within the
 * call's next poll (calls/balance), so the figure is back, true, in seconds. Connection shows the older
 * figures with when they were read. Nothing is said either before the calls are read (the first read is
 * quick): a figure shown and then taken back would be read.
 */
export function PanelHeader({ row }: { row: ConnectionRow }) {
  const moved = usePanelQuery(balanceMovedQuery, []);
  const spendable = row.me?.balance.spendableCents;
  const current = moved.loaded && !meBehind(row.meAt, moved.value ?? null);
  return (
    <header class="panel-header">
      <span class="panel-header-name">
        <SiteText text={row.name} name />
      </span>
      {spendable === undefined || !current ? null : (
        <span class="panel-header-credits">{t('app.spendable', { amount: formatCents(spendable) })}</span>
      )}
    </header>
  );
}
