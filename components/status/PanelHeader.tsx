import type { ConnectionRow } from '@/lib/db/tables/connection';
import { formatCents } from '@/lib/format/money';
import { t } from '@/lib/i18n';
import { SiteText } from '@/components/common/SiteText';

/**
 * One quiet line above the tabs: the connection's name as the member gave it on the site, and what can pay for
 * calls now, as GET /me last said it (absent until it was read: never a guess).
 */
export function PanelHeader({ row }: { row: ConnectionRow }) {
  const spendable = row.me?.balance.spendableCents;
  return (
    <header class="panel-header">
      <span class="panel-header-name">
        <SiteText text={row.name} name />
      </span>
      {spendable === undefined ? null : (
        <span class="panel-header-credits">{t('app.spendable', { amount: formatCents(spendable) })}</span>
      )}
    </header>
  );
}
