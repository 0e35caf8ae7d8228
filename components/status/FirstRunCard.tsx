import type { ConnectionRow } from '@/lib/db/types';
import { EnvQuestions } from './EnvQuestions';
import { PrivacyLine } from './PrivacyLine';
import { Message } from '@/components/common/Message';
import { SiteText } from '@/components/common/SiteText';

/** Right after connecting: the connection's name, what the connector still needs, and the privacy line. */
export function FirstRunCard({ row }: { row: ConnectionRow }) {
  return (
    <section class="card" aria-labelledby="first-run-title">
      <h2 id="first-run-title">
        <Message id="status.connectedAs" parts={{ name: <SiteText text={row.name} /> }} />
      </h2>
      <EnvQuestions env={row.env} />
      <PrivacyLine row={row} />
    </section>
  );
}
