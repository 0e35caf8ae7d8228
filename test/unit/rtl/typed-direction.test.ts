import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const COMPONENTS = path.resolve(__dirname, '../../../components');

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return tsxFiles(full);
    return entry.name.endsWith('.tsx') ? [full] : [];
  });
}

describe('what the member types reads in its own direction', () => {
  // A question typed in English inside an Arabic panel reads "Which index…?", not "?Which index…".
  it('every text box the member types into sets dir="auto"', () => {
    const missing: string[] = [];
    let boxes = 0;
    for (const file of tsxFiles(COMPONENTS)) {
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(/<textarea\b([\s\S]*?)\/>/g)) {
        boxes++;
        if (!/\bdir="auto"/.test(match[1] ?? '')) missing.push(path.relative(COMPONENTS, file));
      }
    }
    expect(boxes).toBeGreaterThan(5);
    expect(missing).toEqual([]);
  });

  // A search typed in Arabic, a project's title in Hebrew: a one-line field reads the same way. A field for a
  // number (inputMode) or a code (.verbatim, isolated by the stylesheet) has no words to read.
  it('every one-line field for words (type text or search) sets dir="auto"', () => {
    const missing: string[] = [];
    let fields = 0;
    for (const file of tsxFiles(COMPONENTS)) {
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(/<input\b([\s\S]*?)\/>/g)) {
        const attributes = match[1] ?? '';
        if (!/\btype="(?:text|search)"/.test(attributes)) continue;
        if (/\binputMode="(?:numeric|decimal)"/.test(attributes) || /\bclass="verbatim"/.test(attributes)) continue;
        fields++;
        if (!/\bdir="auto"/.test(attributes)) missing.push(path.relative(COMPONENTS, file));
      }
    }
    // The history's search and a shared project's title.
    expect(fields).toBeGreaterThanOrEqual(2);
    expect(missing).toEqual([]);
  });
});
