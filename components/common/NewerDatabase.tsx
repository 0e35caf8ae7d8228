import { useEffect, useState } from 'preact/hooks';
import { loadDb } from '@/lib/db/lazy';
import { isNewerDatabase } from '@/lib/db/storage-errors';
import { t } from '@/lib/i18n';

/**
 * Whether the database was written by a newer build (the extension was downgraded). Dexie's live queries wait
 * for a database that will not open instead of failing, so the panel opens it once itself to find out.
 */
export function useNewerDatabase(): boolean {
  const [newer, setNewer] = useState(false);
  useEffect(() => {
    let active = true;
    loadDb()
      .then(({ db }) => db.open())
      .catch((error: unknown) => {
        if (active && isNewerDatabase(error)) setNewer(true);
      });
    return () => {
      active = false;
    };
  }, []);
  return newer;
}

/** What the panel shows then: what happened and what to do, instead of a blank panel or a connect form. */
export function NewerDatabaseView() {
  return (
    <main>
      <h1>{t('app.newerDatabaseHeading')}</h1>
      <p role="alert">{t('app.newerDatabase')}</p>
    </main>
  );
}
