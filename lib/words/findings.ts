// A finding's kind, status, source and contribution state in the member's words (the contribution state
// also for the member's shared projects: the contract has one list of states for every contribution).
// Unknown values (a newer service) are named, not guessed.
import type { Finding } from '@/lib/contract/findings';
import type { Tolerant } from '@/lib/contract/tolerant';
import { t } from '@/lib/i18n';
import { unknownWords } from './unknown';

type UnknownWhat = 'kind' | 'status' | 'state' | 'sourceKind';

function unknownOf(what: UnknownWhat, value: Tolerant<string>): string {
  const name =
    what === 'kind'
      ? t('findingWords.unknownWhat.kind')
      : what === 'status'
        ? t('findingWords.unknownWhat.status')
        : what === 'state'
          ? t('findingWords.unknownWhat.state')
          : t('findingWords.unknownWhat.sourceKind');
  return unknownWords(value, name);
}

export function findingKindWords(kind: Finding['kind']): string {
  switch (kind) {
    case 'requirement':
      return t('findingWords.kind.requirement');
    case 'research':
      return t('findingWords.kind.research');
    case 'decision':
      return t('findingWords.kind.decision');
    case 'pitfall':
      return t('findingWords.kind.pitfall');
    case 'failure':
      return t('findingWords.kind.failure');
    case 'structure':
      return t('findingWords.kind.structure');
    case 'template':
      return t('findingWords.kind.template');
    case 'checklist':
      return t('findingWords.kind.checklist');
    default:
      return unknownOf('kind', kind);
  }
}

export function findingStatusWords(status: Finding['status']): string {
  switch (status) {
    case 'received':
      return t('findingWords.status.received');
    case 'checking':
      return t('findingWords.status.checking');
    case 'in_draft':
      return t('findingWords.status.inDraft');
    case 'joined':
      return t('findingWords.status.joined');
    case 'waiting':
      return t('findingWords.status.waiting');
    case 'expired':
      return t('findingWords.status.expired');
    case 'discarded':
      return t('findingWords.status.discarded');
    case 'refused':
      return t('findingWords.status.refused');
    case 'declined':
      return t('findingWords.status.declined');
    case 'removed':
      return t('findingWords.status.removed');
    default:
      return unknownOf('status', status);
  }
}

export function contributionStateWords(state: Finding['contributionState']): string | null {
  switch (state) {
    case null:
      return null;
    case 'person_review':
      return t('findingWords.contribution.personReview');
    case 'source_check':
      return t('findingWords.contribution.sourceCheck');
    case 'canary':
      return t('findingWords.contribution.canary');
    case 'trial':
      return t('findingWords.contribution.trial');
    case 'kept':
      return t('findingWords.contribution.kept');
    case 'dropped':
      return t('findingWords.contribution.dropped');
    case 'withdrawn':
      return t('findingWords.contribution.withdrawn');
    case 'removed':
      return t('findingWords.contribution.removed');
    case 'replaced':
      return t('findingWords.contribution.replaced');
    default:
      return unknownOf('state', state);
  }
}

export function sourceKindWords(kind: NonNullable<Finding['source']>['kind']): string {
  switch (kind) {
    case 'official_docs':
      return t('findingWords.sourceKind.officialDocs');
    case 'changelog':
      return t('findingWords.sourceKind.changelog');
    case 'release_note':
      return t('findingWords.sourceKind.releaseNote');
    default:
      return unknownOf('sourceKind', kind);
  }
}
