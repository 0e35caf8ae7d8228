// A session's states in the member's words: the session's status and way, the read of its request
// (pass), and the short check of typed answers. Unknown values (a newer service) are named, not guessed.
import type { Questions, Session, Tolerant } from '@/lib/api/schemas';

type Pass = Questions['pass'];
type ShortCheck = NonNullable<Questions['shortCheck']>;

function raw(value: Tolerant<string> | null | undefined): string {
  if (value === null || value === undefined) return 'none';
  return typeof value === 'string' ? value : value.unknown;
}

function unknownWords(what: string, value: Tolerant<string> | null | undefined): string {
  return `${what} unknown to this version of the extension (“${raw(value)}”)`;
}

export function sessionStatusWords(status: Session['status']): string {
  switch (status) {
    case 'open':
      return 'Open';
    case 'closed':
      return 'Closed: start a new session to go on';
    case 'archived':
      return 'Archived';
    case 'deleted':
      return 'Deleted on the site';
    default:
      return unknownWords('A status', status);
  }
}

export function wayWords(way: Session['way']): string {
  switch (way) {
    case 'plan':
      return 'Plan my project';
    case 'question':
      return 'Ask a question';
    case null:
      return 'Session';
    default:
      return unknownWords('A way', way);
  }
}

/** Why the read of the request was skipped (pass.skippedWhy); null when it was not skipped. */
export function skippedWhyWords(why: Pass['skippedWhy']): string | null {
  switch (why) {
    case null:
      return null;
    case 'switched_off':
      return 'Reading requests is switched off on the site.';
    case 'session_limit':
      return 'This session has used its 3 reads.';
    case 'member_limit':
      return 'You have used your reads for now (5 an hour, 20 a day).';
    case 'site_budget':
      return 'The site has used its budget for reads for now.';
    case 'too_large':
      return 'The request is too large to read.';
    default:
      return unknownWords('A reason', why);
  }
}

/** The read of the request: one line for its status. */
export function passStatusWords(pass: Pick<Pass, 'status' | 'current'>): string {
  switch (pass.status) {
    case null:
      return 'Your request has not been read yet.';
    case 'done':
      return pass.current
        ? 'Your request was read as it stands.'
        : 'Your request was read before its last change.';
    case 'skipped':
      return 'Your request was not read: it goes in as written, and nothing waits for answers.';
    case 'failed':
      return 'Reading your request failed: it goes in as written, and nothing waits for answers.';
    default:
      return unknownWords('A read status', pass.status);
  }
}

export function passVerdictWords(verdict: Pass['verdict']): string | null {
  switch (verdict) {
    case null:
      return null;
    case 'fits':
      return 'It fits this agent.';
    case 'off':
      return 'It looks plainly about another kind of project than this agent’s.';
    default:
      return unknownWords('A verdict', verdict);
  }
}

export function coversWords(covers: boolean): string | null {
  return covers ? 'Your request already answered every question: nothing is asked.' : null;
}

export function readsLeftWords(pass: Pick<Pass, 'readsLeft' | 'canReread'>): string {
  const left = pass.readsLeft === 1 ? '1 read left' : `${pass.readsLeft} reads left`;
  if (!pass.canReread) return `${left}; the request can no longer be rewritten (the plan’s call has run or the session is closed).`;
  return `${left}; rewriting the request reads it again.`;
}

export function shortCheckWords(check: Pick<ShortCheck, 'status' | 'skippedWhy'> | null): string | null {
  if (!check) return null;
  switch (check.status) {
    case 'clear':
      return 'Your typed answers were checked and are clear.';
    case 'asked':
      return 'A check of your typed answers asks something back (answering it is optional).';
    case 'skipped': {
      const why = shortCheckSkippedWords(check.skippedWhy);
      return why ? `Your typed answers were not checked: ${why}` : 'Your typed answers were not checked.';
    }
    case 'failed':
      return 'The check of your typed answers failed; they go in as written.';
    default:
      return unknownWords('A check status', check.status);
  }
}

function shortCheckSkippedWords(why: ShortCheck['skippedWhy']): string | null {
  switch (why) {
    case null:
      return null;
    case 'member_limit':
      return 'you have used your 3 checks for today.';
    case 'site_budget':
      return 'the site has used its budget for checks for now.';
    case 'too_large':
      return 'they are too large to check.';
    default:
      return unknownWords('a reason', why);
  }
}

export function answerByWords(by: Tolerant<'member' | 'connection'>, fromPrompt: boolean): string {
  if (fromPrompt) return 'Filled in from your request';
  switch (by) {
    case 'member':
      return 'By you';
    case 'connection':
      return 'By this connection';
    default:
      return unknownWords('A source', by);
  }
}
