/**
 * A worker's start does no more than register its listeners (issue 29): loading its modules and running main()
 * up to the listeners' mark builds no schema and no database; both are built on first use.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

const built = vi.hoisted(() => [] as string[]);

// Every schema or check zod/mini builds goes through one of its lowercase functions: each call is noted.
vi.mock('zod/mini', async (importActual) => {
  const actual = await importActual<Record<string, unknown>>();
  return Object.fromEntries(
    Object.entries(actual).map(([name, value]) => {
      if (typeof value !== 'function' || !/^[a-z]/.test(name)) return [name, value];
      const made = value as (...args: unknown[]) => unknown;
      return [
        name,
        (...args: unknown[]) => {
          built.push(`z.${name}`);
          return made(...args);
        },
      ];
    }),
  );
});

afterEach(() => vi.restoreAllMocks());

describe("the worker's start", () => {
  it('builds no schema and no database before its listeners are registered', async () => {
    const { AppDb } = await import('@/lib/db/db');
    vi.spyOn(AppDb.prototype, 'version').mockImplementation(function (this: InstanceType<typeof AppDb>, n) {
      built.push('database');
      return Object.getPrototypeOf(AppDb.prototype).version.call(this, n);
    });
    built.length = 0;
    const { default: background } = await import('@/entrypoints/background/index');
    expect(built).toEqual([]);

    // Namespaces the fake browser does not implement: listener slots for main() to use.
    Object.assign(fakeBrowser.contextMenus, { onClicked: { addListener: vi.fn() } });
    Object.assign(fakeBrowser, { commands: { onCommand: { addListener: vi.fn() } } });
    let builtAtMark: string[] | undefined;
    const mark = performance.mark.bind(performance);
    vi.spyOn(performance, 'mark').mockImplementation((name, options) => {
      if (name === 'background:listeners-registered') builtAtMark = [...built];
      return mark(name, options);
    });
    (background as unknown as { main: () => void }).main();
    expect(builtAtMark).toEqual([]);
    // Its first use, just after: the badge reads the database.
    expect(built).toContain('database');
  });
});
