/** The member's steps the bench times in the panel's page, by the same clock as the view's own work. */
import type { Page } from 'playwright-core';

/**
 * Clicks the button whose text, aria-label or data-bench mark is `label`, and resolves with the ms until
 * `done` matches at least `count` elements.
 */
export function timeClick(
  page: Page,
  target: { label: string; done: string; count: number; timeoutMs: number },
): Promise<number> {
  return page.evaluate(
    (t) =>
      new Promise<number>((resolve, reject) => {
        const button = [...document.querySelectorAll('button')].find(
          (b) =>
            b.textContent?.trim() === t.label ||
            b.getAttribute('aria-label') === t.label ||
            b.getAttribute('data-bench') === t.label,
        );
        if (!button) {
          reject(new Error(`No button "${t.label}"`));
          return;
        }
        const ready = () => document.querySelectorAll(t.done).length >= t.count;
        const start = performance.now();
        const timer = setTimeout(() => reject(new Error(`"${t.done}" did not reach ${t.count}`)), t.timeoutMs);
        const observer = new MutationObserver(() => {
          if (!ready()) return;
          const ms = performance.now() - start;
          observer.disconnect();
          clearTimeout(timer);
          resolve(ms);
        });
        observer.observe(document, { subtree: true, childList: true });
        button.click();
      }),
    target,
  );
}

export async function tab(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Panel sections' }).getByRole('button', { name, exact: true }).click();
}
