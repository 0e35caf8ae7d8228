/**
 * What the member's words for a client error are made of, as plain data (lib/words/errors says them): the
 * worker puts it on the MemberError it stores or replies with, and the panel words it where the error is shown,
 * so the worker carries no words for the API's errors. An `api` refusal needs nothing more than the
 * MemberError's code, status and extras.
 */
import type * as z from 'zod/mini';
import type { SecretKind } from '@/lib/safety/secret-guard';
import { charCount } from '@/lib/format/chars';
import type { ClientError, LocalDetail, MalformedWhat } from './errors';

/** One problem with a request, as much of zod's issue as its words need (never the value itself). */
export interface SaidIssue {
  path: (string | number)[];
  code: string;
  origin?: string;
  maximum?: number;
  minimum?: number;
  expected?: string;
  /** The value was absent. */
  absent?: boolean;
  /** A string value's length in code points (G19). */
  chars?: number;
}

export type SaidLocalDetail = { what: 'invalid'; issues: SaidIssue[] } | Exclude<LocalDetail, { what: 'invalid' }>;

export type ErrorSaid = (
  | { kind: 'api' }
  | { kind: 'malformed'; what: MalformedWhat; issues: string[] }
  | { kind: 'network'; timedOut: boolean }
  | { kind: 'local'; detail: SaidLocalDetail; found: SecretKind[] }
  | { kind: 'aborted' }
) & {
  /** Said inside "The file could not be fetched: …" (a result file's download). */
  fileNotFetched?: boolean;
};

function saidIssue(issue: z.core.$ZodIssue): SaidIssue {
  const out: SaidIssue = { path: issue.path.map((p) => (typeof p === 'number' ? p : String(p))), code: issue.code };
  if ('origin' in issue && typeof issue.origin === 'string') out.origin = issue.origin;
  if ('maximum' in issue) out.maximum = Number(issue.maximum);
  if ('minimum' in issue) out.minimum = Number(issue.minimum);
  if ('expected' in issue && typeof issue.expected === 'string') out.expected = issue.expected;
  if (issue.input === undefined) out.absent = true;
  else if (typeof issue.input === 'string') out.chars = charCount(issue.input);
  return out;
}

/** A client error's words as data. */
export function errorSaid(err: ClientError): ErrorSaid {
  switch (err.kind) {
    case 'api':
    case 'aborted':
      return { kind: err.kind };
    case 'malformed':
      return { kind: 'malformed', what: err.what, issues: err.issues };
    case 'network':
      return { kind: 'network', timedOut: err.timedOut };
    case 'local':
      return {
        kind: 'local',
        detail:
          err.detail.what === 'invalid' ? { what: 'invalid', issues: err.detail.issues.map(saidIssue) } : err.detail,
        found: err.found,
      };
  }
}
