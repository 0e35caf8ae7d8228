import type { ConnectionRow } from '@/lib/db/types';

/** Settings the connector still needs for what the member switched on (claim answer), with the question to ask. */
export function EnvQuestions({ env }: { env: ConnectionRow['env'] }) {
  if (env.length === 0) return null;
  return (
    <section aria-label="Settings your connector still needs">
      <h2>Settings your connector still needs</h2>
      <ul>
        {env.map((item) => (
          <li key={item.variable}>
            <code>{item.variable}</code>: {item.ask}
          </li>
        ))}
      </ul>
    </section>
  );
}
