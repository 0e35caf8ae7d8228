/**
 * Zod issues as the contract's own tokens (paths, types, formats, limits), e.g.
 * "results[0].status: expected string". They are the detail of a malformed answer, shown inside a sentence in
 * the member's language, so they hold no words of any language (zod's English messages are never used).
 */
import type * as z from 'zod/mini';
import { timeFormatName } from './times';

export function issuePath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else out += out === '' ? String(p) : `.${String(p)}`;
  }
  return out;
}

/** What the value should have been: a type, a format, one of some values, or a bound. */
function issueDetail(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}`;
    case 'invalid_format':
      return `expected ${timeFormatName(issue.pattern) ?? issue.format}`;
    case 'invalid_value':
      return `expected ${issue.values.map((v) => JSON.stringify(v)).join(' | ')}`;
    case 'too_big':
      return `expected ${issue.origin} ${issue.inclusive === false ? '<' : '≤'} ${String(issue.maximum)}`;
    case 'too_small':
      return `expected ${issue.origin} ${issue.inclusive === false ? '>' : '≥'} ${String(issue.minimum)}`;
    default:
      return issue.code;
  }
}

export function formatIssues(issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.map((i) => `${issuePath(i.path) || '(answer)'}: ${issueDetail(i)}`);
}
