// A session's states in the member's words: the session's status and way, the read of its request
// (pass), and the short check of typed answers. Unknown values (a newer service) are named, not guessed.
import type { Questions, Session } from '@/lib/contract/sessions';
import type { Tolerant } from '@/lib/contract/tolerant';
import { t } from '@/lib/i18n';
import { unknownWords } from './unknown';

type Pass = Questions['pass'];
type ShortCheck = NonNullable<Questions['shortCheck']>;

type UnknownWhat = 'status' | 'way' | 'reason' | 'readStatus' | 'verdict' | 'checkStatus' | 'source';

function unknownOf(what: UnknownWhat, value: Tolerant<string> | null | undefined): string {
  return unknownWords(value, whatWords(what));
}

function whatWords(what: UnknownWhat): string {
  switch (what) {
    case 'status':
      return t('session.unknownWhat.status');
    case 'way':
      return t('session.unknownWhat.way');
    case 'reason':
      return t('session.unknownWhat.reason');
    case 'readStatus':
      return t('session.unknownWhat.readStatus');
    case 'verdict':
      return t('session.unknownWhat.verdict');
    case 'checkStatus':
      return t('session.unknownWhat.checkStatus');
    case 'source':
      return t('session.unknownWhat.source');
  }
}

export function sessionStatusWords(status: Session['status']): string {
  switch (status) {
    case 'open':
      return t('session.status.open');
    case 'closed':
      return t('session.status.closed');
    case 'archived':
      return t('session.status.archived');
    case 'deleted':
      return t('session.status.deleted');
    default:
      return unknownOf('status', status);
  }
}

export function wayWords(way: Session['way']): string {
  switch (way) {
    case 'plan':
      return t('session.way.plan');
    case 'question':
      return t('session.way.question');
    case null:
      return t('session.way.none');
    default:
      return unknownOf('way', way);
  }
}

/** Why the read of the request was skipped (pass.skippedWhy); null when it was not skipped. */
export function skippedWhyWords(why: Pass['skippedWhy']): string | null {
  switch (why) {
    case null:
      return null;
    case 'switched_off':
      return t('session.skippedWhy.switchedOff');
    case 'session_limit':
      return t('session.skippedWhy.sessionLimit');
    case 'member_limit':
      return t('session.skippedWhy.memberLimit');
    case 'site_budget':
      return t('session.skippedWhy.siteBudget');
    case 'too_large':
      return t('session.skippedWhy.tooLarge');
    default:
      return unknownOf('reason', why);
  }
}

export function passVerdictWords(verdict: Pass['verdict']): string | null {
  switch (verdict) {
    case null:
      return null;
    case 'fits':
      return t('session.verdict.fits');
    case 'off':
      return t('session.verdict.off');
    default:
      return unknownOf('verdict', verdict);
  }
}

export function coversWords(covers: boolean): string | null {
  return covers ? t('session.covers') : null;
}

export function shortCheckWords(check: Pick<ShortCheck, 'status' | 'skippedWhy'> | null): string | null {
  if (!check) return null;
  switch (check.status) {
    case 'clear':
      return t('session.shortCheck.clear');
    case 'asked':
      return t('session.shortCheck.asked');
    case 'skipped': {
      const why = shortCheckSkippedWords(check.skippedWhy);
      return why ? t('session.shortCheck.skippedWhy', { why }) : t('session.shortCheck.skipped');
    }
    case 'failed':
      return t('session.shortCheck.failed');
    default:
      return unknownOf('checkStatus', check.status);
  }
}

function shortCheckSkippedWords(why: ShortCheck['skippedWhy']): string | null {
  switch (why) {
    case null:
      return null;
    case 'member_limit':
      return t('session.shortCheck.memberLimit');
    case 'site_budget':
      return t('session.shortCheck.siteBudget');
    case 'too_large':
      return t('session.shortCheck.tooLarge');
    default:
      return unknownWords(why, t('session.shortCheck.unknownReason'));
  }
}

export function answerByWords(by: Tolerant<'member' | 'connection'>, fromPrompt: boolean): string {
  if (fromPrompt) return t('answers.group.prompt');
  switch (by) {
    case 'member':
      return t('answers.group.member');
    case 'connection':
      return t('answers.group.connection');
    default:
      return unknownOf('source', by);
  }
}
