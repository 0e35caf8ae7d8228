// Every number of the contract is written once, in lib/contract/limits.ts (issue 45): this scans the source
// floors for one written again as a literal. Large numbers are found anywhere; small ones (6, 64, 500...) only
// where they bound a length or a count (chars, str, maxLength, max), as they mean other things too.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles, withoutComments } from '@/test/unit/source-scan';
import * as limits from '@/lib/contract/limits';

const ROOT = join(__dirname, '../../..');
const FLOORS = ['entrypoints', 'components', 'lib', 'emulator', 'scripts', 'testing'];
const HOME = 'lib/contract/limits.ts';

/** Numbers that mean nothing else here: found as any literal. */
const ANYWHERE = new Set<number>([
  limits.MAX_BODY_BYTES,
  limits.MAX_DETAILS_CHARS,
  limits.MAX_QUESTION_CHARS,
  limits.DOWNLOAD_BYTES_PER_DAY,
]);
/**
 * Numbers that also count other things (6 lines, 2000 ms): found only where they bound a length or a count. The
 * 20 files and 200 characters of a share are left out: 20 and 200 bound too many things of our own.
 */
const AS_BOUND = new Set<number>([
  ...ANYWHERE,
  limits.MAX_FILES_PER_CALL,
  limits.MAX_FIND_DESCRIPTION_CHARS,
  limits.MAX_CONNECT_CODE_CHARS,
  limits.MAX_REPORT_REASON_CHARS,
  limits.MAX_OWN_ANSWER_CHARS,
]);
/** A literal that bounds: chars(a, N), str(a, N), maxLength(N), maxLength={N}, .max(N). */
const BOUND = /(?:\b(?:chars|str)\(\s*\d+\s*,\s*|maxLength(?:\(|=\{)\s*|\.max\(\s*)(\d[\d_]*)/g;
const ANY = /(?<![\w.$])(\d[\d_]*)(?![\w.])/g;

/** The same value meaning something else, with what it means. */
const OTHER_MEANINGS: Record<string, string> = {
  'emulator/load.ts: 20_000': 'the most requests a second the load generator sends',
};

function findRepeats(file: string, text: string): string[] {
  const code = withoutComments(text);
  const found: string[] = [];
  for (const [pattern, known] of [
    [ANY, ANYWHERE],
    [BOUND, AS_BOUND],
  ] as const) {
    for (const m of code.matchAll(pattern)) {
      const n = Number((m[1] ?? '').replaceAll('_', ''));
      const where = `${file}: ${m[0].trim()}`;
      if (known.has(n) && !(pattern === BOUND && ANYWHERE.has(n)) && !(where in OTHER_MEANINGS)) found.push(where);
    }
  }
  return found;
}

describe('the contract numbers', () => {
  it('are written once, in lib/contract/limits.ts', () => {
    const repeats = FLOORS.flatMap((floor) => sourceFiles(join(ROOT, floor)))
      .map((path) => relative(ROOT, path))
      .filter((file) => file !== HOME)
      .flatMap((file) => findRepeats(file, readFileSync(join(ROOT, file), 'utf8')));
    expect(repeats).toEqual([]);
  });

  it('finds a number written again', () => {
    expect(findRepeats('x.ts', 'const a = chars(0, 20000);\nconst b = z.string().check(z.maxLength(6));')).toEqual([
      'x.ts: 20000',
      'x.ts: maxLength(6',
    ]);
    expect(findRepeats('x.ts', '// at most 20000 characters\nconst c = 7;')).toEqual([]);
  });
});
