/** The source tests that scan our code as text (a number written once, where the key is stored) read it alike. */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every .ts and .tsx file under `dir`, at any depth. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The code without its comments: comments may name what the code never does. */
export function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}
