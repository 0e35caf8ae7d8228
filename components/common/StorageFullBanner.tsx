import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { STORAGE_FULL_SESSION_KEY, StorageFullSchema } from '@/lib/protocol/handoffs';
import { useActions } from './actions';
import { t, tn } from '@/lib/i18n';
import { errorText } from './error-text';

/** Whether the background last found the browser's storage full (storage.session, written by the background). */
function useStorageFull(): boolean {
  const [full, setFull] = useState(false);
  useEffect(() => {
    let active = true;
    const take = (value: unknown) => {
      if (active) setFull(StorageFullSchema.safeParse(value).success);
    };
    browser.storage.session
      .get(STORAGE_FULL_SESSION_KEY)
      .then((got) => take(got[STORAGE_FULL_SESSION_KEY]))
      .catch(() => undefined);
    const listener = (changes: Record<string, { newValue?: unknown }>, area: string) => {
      const change = changes[STORAGE_FULL_SESSION_KEY];
      if (area === 'session' && change) take(change.newValue);
    };
    browser.storage.onChanged.addListener(listener);
    return () => {
      active = false;
      browser.storage.onChanged.removeListener(listener);
    };
  }, []);
  return full;
}

/**
 * The browser's storage is full: new results cannot be cached, the calls go on on the site and are still read
 * and told. What the member can do: free space now (ended calls past the cache's retention go), or keep less.
 */
export function StorageFullBanner() {
  const full = useStorageFull();
  const actions = useActions();
  const [freed, setFreed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!full && freed === null) return null;

  const freeSpace = async () => {
    setBusy(true);
    const result = await actions.send('freeSpace', {});
    setBusy(false);
    setFreed(result.ok ? tn('storageFull.freed', result.value.removed) : await errorText(result.error));
  };

  return (
    <section class="notice notice-warning" aria-label={t('storageFull.label')}>
      {full ? (
        <>
          <p>{t('storageFull.message')}</p>
          <div class="row">
            <button type="button" onClick={() => void freeSpace()} disabled={busy}>
              {t('storageFull.freeNow')}
            </button>
            <button type="button" class="secondary" onClick={() => void browser.runtime.openOptionsPage()}>
              {t('storageFull.options')}
            </button>
          </div>
        </>
      ) : null}
      {freed !== null ? <p role="status">{freed}</p> : null}
    </section>
  );
}
