import type { ConnectionRow } from '@/lib/db/types';
import { t } from '@/lib/i18n';
import { Message } from '@/components/common/Message';
import { SiteText } from '@/components/common/SiteText';

/** Settings the connector still needs for what the member switched on (claim answer), with the question to ask. */
export function EnvQuestions({ env }: { env: ConnectionRow['env'] }) {
  if (env.length === 0) return null;
  return (
    <section aria-label={t('status.envHeading')}>
      <h2>{t('status.envHeading')}</h2>
      <ul>
        {env.map((item) => (
          <li key={item.variable}>
            <Message
              id="status.envLine"
              parts={{ variable: <code class="verbatim">{item.variable}</code>, ask: <SiteText text={item.ask} /> }}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
