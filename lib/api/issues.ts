/** Zod issues in words that name the path, e.g. "results[0].status: Invalid input: expected string". */
import type * as z from 'zod/mini';

export function issuePath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else out += out === '' ? String(p) : `.${String(p)}`;
  }
  return out;
}

export function formatIssues(issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.map((i) => `${issuePath(i.path) || '(answer)'}: ${i.message}`);
}
