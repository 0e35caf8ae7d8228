/**
 * A full disk on demand, for the e2e build's hooks and the unit tests: while cut, every add and put the
 * database is asked for is refused with the browser's own QuotaExceededError (deletes still go through, as
 * they do on a full disk), and the background's storage.local writes are refused as Chrome refuses them.
 * Chromium's DevTools quota override (Storage.overrideQuotaForOrigin) does not reliably reach an extension's
 * origin and Firefox has none, so this is how both browsers' tests fill the disk. Never in a store package.
 */
import type { Dexie } from 'dexie';
import { browser } from 'wxt/browser';

let cut = false;

const refusal = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');

/** Cuts the quota to nothing (true) or gives it back (false). */
export function cutQuota(on: boolean): void {
  cut = on;
}

/** Puts the fault between `db` and IndexedDB; call before the database is first opened. */
export function installQuotaFault(db: Dexie): void {
  db.use({
    stack: 'dbcore',
    name: 'quota-fault',
    create: (down) => ({
      ...down,
      table: (name) => {
        const table = down.table(name);
        return {
          ...table,
          mutate: (req) =>
            cut && (req.type === 'add' || req.type === 'put') ? Promise.reject(refusal()) : table.mutate(req),
        };
      },
    }),
  });
}

/** Refuses the background's own storage.local writes while cut (the tests' notes, `e2e:` keys, still go). */
export function installLocalStorageFault(): void {
  const local = browser.storage.local;
  const set = local.set.bind(local);
  local.set = (items: Record<string, unknown>) =>
    cut && Object.keys(items).some((k) => !k.startsWith('e2e:'))
      ? Promise.reject(new Error('QUOTA_BYTES quota exceeded'))
      : set(items);
}
