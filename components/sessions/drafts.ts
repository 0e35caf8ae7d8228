import { useEffect, useRef, useState } from 'preact/hooks';
import type { AnswerDraftRow } from '@/lib/db/tables/answer-drafts';
import type { AnswerDraft } from '@/lib/sessions/answer-draft';
import { useActions } from '@/components/common/actions';
import { useLiveQuery } from '@/components/common/useLiveQuery';

/** Typing pauses this long before a draft is handed to the background to store. */
export const DRAFT_SAVE_MS = 300;

/**
 * Saves the latest value per key after a pause, and at once when the page is hidden or the view goes, so
 * a closed panel loses nothing. The background writes it (the panel never writes the database).
 */
function useDebouncedSaver<V>(save: (key: string, value: V) => Promise<unknown>) {
  const pending = useRef(new Map<string, V>());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const saveRef = useRef(save);
  saveRef.current = save;

  const flush = async (): Promise<void> => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    const entries = [...pending.current];
    pending.current.clear();
    await Promise.all(entries.map(([key, value]) => saveRef.current(key, value)));
  };

  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') void flush();
    };
    const onPageHide = () => void flush();
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onPageHide);
      void flush();
    };
  }, []);

  const schedule = (key: string, value: V) => {
    pending.current.set(key, value);
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), DRAFT_SAVE_MS);
  };
  const cancel = (key: string) => {
    pending.current.delete(key);
  };
  return { schedule, flush, cancel };
}

export interface AnswerDrafts {
  loaded: boolean;
  drafts: Record<string, AnswerDraft>;
  /** The site's last word on each answer (400 invalid_answers), by question key. */
  siteProblems: { key: string; problem: string }[];
  setDraft: (key: string, draft: AnswerDraft) => void;
  /** Stores what is still waiting for its pause: call before sending, so the site's answer lands on it. */
  flush: () => Promise<void>;
}

const same = (a: AnswerDraft, b: AnswerDraft) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The member's answers to a session's questions: the stored drafts, with what was typed in this view on
 * top until the background has stored it.
 */
export function useAnswerDrafts(sessionId: string, enabled = true): AnswerDrafts {
  const actions = useActions();
  const rows = useLiveQuery((db) => db.answerDrafts.where('sessionId').equals(sessionId).toArray(), [sessionId], {
    enabled,
  });
  const [local, setLocal] = useState<Record<string, AnswerDraft>>({});
  const saver = useDebouncedSaver<AnswerDraft>((key, draft) =>
    actions.send('saveAnswerDraft', { sessionId, key, draft }),
  );
  const stored: AnswerDraftRow[] = rows.value ?? [];

  // What the background stored, or dropped once sent, replaces this view's copy.
  useEffect(() => {
    setLocal((l) => {
      const byKey = new Map(stored.map((r) => [r.key, r.draft]));
      const next: Record<string, AnswerDraft> = {};
      for (const [key, draft] of Object.entries(l)) {
        const saved = byKey.get(key);
        if (saved === undefined || !same(saved, draft)) next[key] = draft;
      }
      return Object.keys(next).length === Object.keys(l).length ? l : next;
    });
  }, [rows.value]);

  const drafts: Record<string, AnswerDraft> = {};
  for (const row of stored) drafts[row.key] = row.draft;
  Object.assign(drafts, local);
  return {
    loaded: rows.loaded,
    drafts,
    siteProblems: stored
      .filter((r) => r.siteProblem !== null && !(r.key in local))
      .map((r) => ({ key: r.key, problem: r.siteProblem ?? '' })),
    setDraft: (key, draft) => {
      setLocal((l) => ({ ...l, [key]: draft }));
      saver.schedule(key, draft);
    },
    flush: saver.flush,
  };
}

/** Free text kept as typed (`revise:<sessionId>`, `question:<sessionId>`, `details:<sessionId>`). */
export interface TextDraft {
  loaded: boolean;
  text: string | null;
  save: (text: string) => void;
  /** The text was sent: forget it (and any save still waiting for its pause). */
  clear: () => void;
}

export function useTextDraft(id: string): TextDraft {
  const actions = useActions();
  const row = useLiveQuery(async (db) => (await db.textDrafts.get(id)) ?? null, [id]);
  const saver = useDebouncedSaver<string>((key, text) => actions.send('saveTextDraft', { id: key, text }));
  return {
    loaded: row.loaded,
    text: row.value?.text ?? null,
    save: (text) => saver.schedule(id, text),
    clear: () => {
      saver.cancel(id);
      void actions.send('saveTextDraft', { id, text: '' });
    },
  };
}
