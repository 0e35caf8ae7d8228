// Rule 5 (DEVELOPERS.md): the key is never reachable from a web page and never follows the member to another
// browser. core/key-store.ts keeps it in storage.local or storage.session; this scans the extension's code for
// the two ways that would undo it: storage.sync (synced to every browser of the member) and
// storage.session.setAccessLevel (which can open storage.session to content scripts).
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles, withoutComments } from '@/test/unit/source-scan';

const ROOT = join(__dirname, '../../..');
const FLOORS = ['entrypoints', 'components', 'lib'];
const FORBIDDEN = /\bstorage\s*\.\s*sync\b|\bsetAccessLevel\b/;

function offenders(files: readonly { name: string; text: string }[]): string[] {
  return files.filter((f) => FORBIDDEN.test(withoutComments(f.text))).map((f) => f.name);
}

describe('where the key can be stored', () => {
  it('no code of the extension uses storage.sync or opens storage.session to content scripts', () => {
    const files = FLOORS.flatMap((floor) => sourceFiles(join(ROOT, floor))).map((path) => ({
      name: relative(ROOT, path),
      text: readFileSync(path, 'utf8'),
    }));
    expect(files.length).toBeGreaterThan(100);
    expect(offenders(files)).toEqual([]);
  });

  it('finds each planted use, and not one named in a comment', () => {
    expect(
      offenders([
        { name: 'sync.ts', text: 'await browser.storage.sync.set({ k: 1 });' },
        {
          name: 'access.ts',
          text: "browser.storage.session.setAccessLevel({ accessLevel: 'TRUSTED_AND_UNTRUSTED_CONTEXTS' });",
        },
        { name: 'comment.ts', text: '/** Never in storage.sync. */\n// nor setAccessLevel\nconst a = 1;' },
      ]),
    ).toEqual(['sync.ts', 'access.ts']);
  });
});
