/**
 * A member error's sentence for the views: its own `message` (local errors, rows stored before `said`), else
 * its words from what the worker stored (lib/words/errors), loaded on the first such error so they stay out
 * of the panel's first screen.
 */
import { useEffect, useState } from 'preact/hooks';
import type { MemberError } from '@/lib/db/member-error';
import { t } from '@/lib/i18n';

type Words = (error: MemberError) => string;

let words: Words | undefined;
/** The words' chunk could not load (an update replaced it under an open panel): said so, never a blank. */
let unloadable = false;

function loadWords(): Promise<Words> {
  return import('@/lib/words/errors').then(
    (m) => {
      words = m.memberErrorWords;
      return words;
    },
    (err: unknown) => {
      unloadable = true;
      throw err;
    },
  );
}

/** A page with no first-screen budget (the options page) gives the words at once instead of loading them. */
export function provideErrorWords(given: Words): void {
  words = given;
}

/** The error's sentence, for a handler that keeps it as text. */
export async function errorText(error: MemberError): Promise<string> {
  if (error.message !== undefined) return error.message;
  return (words ?? (await loadWords()))(error);
}

/** The error's sentence, for a view ("Loading…" for a moment while the words load; null without an error). */
export function useErrorText(error: MemberError | null | undefined): string | null {
  const [, setLoaded] = useState(words !== undefined);
  const waiting = !!error && error.message === undefined && words === undefined;
  useEffect(() => {
    if (waiting)
      void loadWords().then(
        () => setLoaded(true),
        () => setLoaded(true),
      );
  }, [waiting]);
  if (!error) return null;
  if (error.message !== undefined) return error.message;
  if (words) return words(error);
  return unloadable ? t('common.loadFailed') : t('common.loading');
}
