// @vitest-environment happy-dom
/**
 * A count of items and a quantity are worded apart (issue 56): Japanese, Korean and Chinese put a counter word
 * after a count ("3 件", "3개", "3 个"), so a size, an amount of money or a time put into a count-of-items
 * message reads "20 MB 件中 20 MB 件". Sizes have their own message (resultFiles.leftOf, no counter word).
 */
import { readFileSync } from 'node:fs';
import { cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { ConnectionFacts } from '@/components/status/ConnectionFacts';
import { parsedLocale } from '@/test/i18n/locale-rules';
import { makeMe } from '@/test/unit/components/fixtures';
import { setTestLocale } from '@/test/unit/setup/i18n';
import { sourceFiles, withoutComments } from '@/test/unit/source-scan';

afterEach(cleanup);

describe('the connection’s facts in Japanese', () => {
  it('says the downloads left as sizes, with no counter word; the counts keep theirs', () => {
    setTestLocale('ja');
    const { container } = render(<ConnectionFacts me={makeMe()} />);
    const values = Array.from(container.querySelectorAll('dd'), (dd) => dd.textContent ?? '');
    const sizes = values.filter((text) => /\d\s?MB/.test(text));
    // 10,485,760 of 20,000,000 bytes left.
    expect(sizes).toEqual([expect.stringMatching(/10\s?MB.*20\s?MB|20\s?MB.*10\s?MB/)]);
    for (const text of sizes) expect(text).not.toMatch(/件|個/);
    // Sessions and calls without asking are counts: their message has the counter word (the check is not empty).
    expect(values.filter((text) => text.includes('件'))).toHaveLength(2);
  });
});

/** What makes a value a quantity rather than a count: the size, money and time formatters, and <Time>. */
const QUANTITY =
  /\b(?:formatBytes|formatExactBytes|formatCents|formatCentsOrUnreadable|formatMicros|formatRelative|formatAbsolute|formatCalendarDate|limitSentence)\(|<Time\b/;

/** A counter word right after a {name}, by language: the name is a count of items there. */
const COUNTER: Record<string, RegExp> = {
  ja: /\{([A-Za-z0-9_]+)\}\s?(?:件|個|回|人|名|通|枚|つ)/g,
  ko: /\{([A-Za-z0-9_]+)\}\s?(?:개|건|회|명)/g,
  zh_CN: /\{([A-Za-z0-9_]+)\}\s?(?:个|项|次|件|条|位)/g,
  zh_TW: /\{([A-Za-z0-9_]+)\}\s?(?:個|項|次|件|條|位)/g,
};

/** Message key → the names a counter word follows in some language. */
async function countedNames(): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  for (const [locale, counter] of Object.entries(COUNTER)) {
    for (const [key, parsed] of await parsedLocale(locale)) {
      for (const text of Object.values(parsed.forms)) {
        for (const match of text.matchAll(counter)) {
          const names = out.get(key) ?? new Set<string>();
          names.add(match[1] ?? '');
          out.set(key, names);
        }
      }
    }
  }
  return out;
}

/** The text from `open` (a "{") to its matching "}". */
function balanced(source: string, open: number): string {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    if (source[i] === '{') depth++;
    else if (source[i] === '}' && --depth === 0) return source.slice(open, i + 1);
  }
  return source.slice(open);
}

/** `{ a: x, b, c: f(y, z) }` → [['a', 'x'], ['b', 'b'], ['c', 'f(y, z)']], split at its top level. */
function properties(object: string): [string, string][] {
  const inner = object.slice(1, -1);
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    const ch = inner[i] ?? '';
    if ('({['.includes(ch)) depth++;
    else if (')}]'.includes(ch)) depth--;
    else if (ch === ',' && depth === 0) {
      parts.push(inner.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(inner.slice(start));
  return parts
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const colon = /^([A-Za-z0-9_]+)\s*:\s*([\s\S]*)$/.exec(part);
      return colon ? [colon[1] ?? '', colon[2] ?? ''] : [part, part];
    });
}

interface Use {
  file: string;
  key: string;
  name: string;
  value: string;
}

/** Every value given to a message by name: t('key', {…}), tnNamed('key', n, {…}), <Message id="key" parts={{…}}>. */
function usesIn(file: string, text = readFileSync(file, 'utf8')): Use[] {
  const source = withoutComments(text);
  const out: Use[] = [];
  const calls = [
    ...source.matchAll(/\b(?:t|tnNamed)\(\s*'([\w.]+)'\s*,[^{)]*(\{)/g),
    ...source.matchAll(/<Message\s+id="([\w.]+)"[^>]*?parts=\{(\{)/g),
  ];
  for (const match of calls) {
    const open = (match.index ?? 0) + match[0].length - 1;
    for (const [name, expression] of properties(balanced(source, open))) {
      // A bare name (`{ size }`, `{ used: left }`): the value is what that name was set to in this file.
      const bare = /^[A-Za-z_$][\w$]*$/.test(expression.trim()) ? expression.trim() : null;
      const set = bare ? new RegExp(`\\b(?:const|let)\\s+${bare}\\s*=\\s*([^;]+);`).exec(source)?.[1] : undefined;
      const value = set ?? expression;
      out.push({ file, key: match[1] ?? '', name, value });
    }
  }
  return out;
}

/** Every use in our code, the extension's pages and worker included. */
function allUses(): Use[] {
  return ['components', 'lib', 'entrypoints'].flatMap((dir) => sourceFiles(dir).flatMap((file) => usesIn(file)));
}

describe('a count-of-items message gets counts only', () => {
  it('finds the counted messages and where they are used', async () => {
    const counted = await countedNames();
    expect(counted.get('status.countOf')).toEqual(new Set(['used', 'allowed']));
    const uses = allUses();
    expect(uses.filter((use) => counted.get(use.key)?.has(use.name)).length).toBeGreaterThan(10);
  });

  it('never puts a size, an amount or a time into a counted place', async () => {
    const counted = await countedNames();
    const wrong = allUses()
      .filter((use) => counted.get(use.key)?.has(use.name) && QUANTITY.test(use.value))
      .map((use) => `${use.file}: ${use.key} {${use.name}} = ${use.value.trim()}`);
    expect(wrong).toEqual([]);
  });

  it('status.countOf is never given a size', () => {
    const uses = allUses().filter((use) => use.key === 'status.countOf');
    expect(uses.length).toBeGreaterThan(0);
    for (const use of uses) expect(use.value).not.toMatch(/formatBytes|formatExactBytes/);
  });

  it('the scan sees a size put into a count, written out or by a name set before', () => {
    const slip = [
      'const left = formatBytes(me.downloadsLeftBytes);',
      "t('status.countOf', { used: left, allowed: formatBytes(me.limits.downloadBytesPerDay) });",
      "t('status.countOf', { used: formatCount(me.today.callsUsed), allowed: formatCount(3) });",
    ].join('\n');
    const seen = usesIn('slip.tsx', slip).map((use) => [use.name, QUANTITY.test(use.value)]);
    expect(seen).toEqual([
      ['used', true],
      ['allowed', true],
      ['used', false],
      ['allowed', false],
    ]);
  });
});
