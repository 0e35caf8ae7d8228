import { useId, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { loadDb } from '@/lib/db/lazy';
import type { ExportChoice, ExportSaved } from '@/lib/export/save-export';
import { plural } from '@/lib/format/count';

const CHOICES: readonly { choice: ExportChoice; words: string }[] = [
  { choice: { what: 'all', kind: 'json' }, words: 'Calls and sessions as JSON' },
  { choice: { what: 'calls', kind: 'csv' }, words: 'Calls as CSV' },
  { choice: { what: 'sessions', kind: 'csv' }, words: 'Sessions as CSV' },
];

function savedWords(saved: ExportSaved): string {
  const held = [
    saved.calls > 0 || saved.sessions === 0 ? plural(saved.calls, 'call', 'calls') : null,
    saved.sessions > 0 ? plural(saved.sessions, 'session', 'sessions') : null,
  ].filter((s) => s !== null);
  const left =
    saved.unreadable > 0 ? ` ${plural(saved.unreadable, 'cached row', 'cached rows')} could not be read and ${saved.unreadable === 1 ? 'was' : 'were'} left out.` : '';
  return `Saved ${saved.fileName} to your downloads, with ${held.join(' and ')}. It was not opened.${left}`;
}

/** History as a file the member takes with them, on their click: from the cache, never with the key. */
export function ExportHistory() {
  const id = useId();
  const [busy, setBusy] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const save = async (choice: ExportChoice, words: string) => {
    setBusy(words);
    setSaved(null);
    setProblem(null);
    try {
      const [{ db }, { saveExport }] = await Promise.all([loadDb(), import('@/lib/export/save-export')]);
      setSaved(savedWords(await saveExport(db, choice, browser.downloads)));
    } catch (err) {
      setProblem(`Nothing was saved: ${err instanceof Error ? err.message : String(err)}. Try again; if it keeps failing, check that the browser may save downloads.`);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section class="export" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Export</h2>
      <p class="muted">Every call and session cached in this browser, saved to your downloads. The key is never in it.</p>
      <div class="row">
        {CHOICES.map(({ choice, words }) => (
          <button key={words} type="button" class="secondary" disabled={busy !== null} onClick={() => void save(choice, words)}>
            {busy === words ? 'Saving…' : words}
          </button>
        ))}
      </div>
      {saved ? <p role="status">{saved}</p> : null}
      {problem ? (
        <p role="alert" class="error-text">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
