import { useId, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { loadDb } from '@/lib/db/lazy';
import type { ExportChoice, ExportProgress, ExportSaved } from '@/lib/export/save-export';
import { formatCount } from '@/lib/format/count';
import { t, tn } from '@/lib/i18n';

function choices(): readonly { choice: ExportChoice; words: string }[] {
  return [
    { choice: { what: 'all', kind: 'json' }, words: t('export.json') },
    { choice: { what: 'calls', kind: 'csv' }, words: t('export.callsCsv') },
    { choice: { what: 'sessions', kind: 'csv' }, words: t('export.sessionsCsv') },
  ];
}

function savedWords(saved: ExportSaved): string {
  const calls = saved.calls > 0 || saved.sessions === 0 ? tn('sessionSummary.calls', saved.calls) : null;
  const sessions = saved.sessions > 0 ? tn('export.sessions', saved.sessions) : null;
  const held = calls !== null && sessions !== null ? t('export.both', { calls, sessions }) : (calls ?? sessions ?? '');
  const left = saved.unreadable > 0 ? ` ${tn('export.unreadable', saved.unreadable)}` : '';
  return `${t('export.saved', { file: saved.fileName, held })}${left}`;
}

/**
 * History as a file the member takes with them, on their click: from the cache, never with the key. Folded
 * under its heading's words until the member opens it: the calls' first screen is theirs and their spending.
 */
export function ExportHistory() {
  const id = useId();
  const [busy, setBusy] = useState<string | null>(null);
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const save = async (choice: ExportChoice, words: string) => {
    setBusy(words);
    setSaved(null);
    setProblem(null);
    try {
      const [{ db }, { saveExport }] = await Promise.all([loadDb(), import('@/lib/export/save-export')]);
      setSaved(savedWords(await saveExport(db, choice, browser.downloads, new Date(), setProgress)));
    } catch (err) {
      setProblem(t('export.failed', { problem: err instanceof Error ? err.message : String(err) }));
    } finally {
      setBusy(null);
      setProgress(null);
    }
  };

  return (
    // The fold is a group named by its summary, as the section was by its heading.
    <details class="export" aria-labelledby={`${id}-title`}>
      <summary id={`${id}-title`}>{t('export.heading')}</summary>
      <p class="muted">{t('export.intro')}</p>
      <div class="row">
        {choices().map(({ choice, words }) => (
          <button
            key={words}
            type="button"
            class="secondary"
            disabled={busy !== null}
            onClick={() => void save(choice, words)}
          >
            {busy === words ? t('resultFiles.saving') : words}
          </button>
        ))}
      </div>
      {busy !== null && progress !== null && progress.total > 0 ? (
        <progress
          value={progress.done}
          max={progress.total}
          aria-label={t('export.progress', { done: formatCount(progress.done), total: formatCount(progress.total) })}
        />
      ) : null}
      {saved ? <p role="status">{saved}</p> : null}
      {problem ? (
        <p role="alert" class="error-text">
          {problem}
        </p>
      ) : null}
    </details>
  );
}
