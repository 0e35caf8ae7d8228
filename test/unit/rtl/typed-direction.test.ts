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
});
