/**
 * Findings (contract, Finding states, release 2.19.0): a call keeps findings only when the member keeps
 * findings. Passed: checking, then into the member's draft for the agent (in_draft, signOffUrl); joined on
 * sign-off (or waiting without room in the agent's day); expired when the draft is not signed off in 30
 * days; discarded with the draft. A call that did not pass: discarded. No agent covers it: waiting.
 */
import type { FindingInput } from '@/lib/contract/findings';
import { pagePath } from '@/emulator/site-paths';
import { DAY, SECOND, iso } from '@/emulator/clock';
import { invalidState } from '@/emulator/errors';
import { newId } from '@/emulator/ids';
import type { CallRec, FindingRec, FindingsDraftRec } from '@/emulator/store';
import { ut, utName } from '@/emulator/text';
import type { World } from '@/emulator/world';
import { FINDINGS_DRAFT_DAYS } from '@/lib/contract/limits';

function draftUrl(world: World, origin: string, draftId: string): string {
  return `${origin}${pagePath(world.paths.findingsDraft, draftId)}`;
}

/** Records what a finished call kept. The research call's agent is a new one, not yet listed. */
export function recordFindings(world: World, call: CallRec, passed: boolean, at: number): void {
  const conn = world.store.connections.get(call.connectionId);
  if (conn?.keepsFindings !== true) return;
  const agent = world.store.agents.get(call.agentId);
  let newAgentId: string | null = null;
  for (const spec of call.behaviour.findings) {
    let filedWith: FindingRec['filedWith'] = null;
    if (call.research) {
      newAgentId ??= newId('agt_new');
      filedWith = { agentId: newAgentId, name: null, newAgent: true };
    } else if (spec.fileWith !== 'none') {
      const target = spec.fileWith === 'self' ? agent : world.store.agents.get(spec.fileWith);
      if (target) filedWith = { agentId: target.id, name: target.name, newAgent: false };
    }
    const finding: FindingRec = {
      id: newId('fnd'),
      memberId: call.memberId,
      agentId: call.agentId,
      sessionId: call.sessionId,
      runId: call.runId,
      kind: spec.kind,
      topic: spec.topic,
      takeaway: spec.takeaway,
      source: spec.source,
      learnedAt: spec.learnedAt,
      appliesTo: spec.appliesTo,
      status: 'checking',
      filedWith,
      draftId: null,
      reason: null,
      contributionState: null,
      createdAt: at,
      checkAt: at + call.behaviour.findingCheckSeconds * SECOND,
    };
    if (!passed) {
      Object.assign(finding, {
        status: 'discarded',
        filedWith: null,
        checkAt: null,
        reason: 'The call did not pass, so nothing it kept is used.',
      });
    } else if (filedWith === null) {
      Object.assign(finding, {
        status: 'waiting',
        checkAt: null,
        reason: 'No agent covers it yet; it is kept for one that does.',
      });
    }
    world.store.findings.set(finding.id, finding);
    if (finding.checkAt !== null) world.store.findingsDueAt = Math.min(world.store.findingsDueAt, finding.checkAt);
  }
}

function openDraftFor(world: World, memberId: string, agentId: string, now: number): FindingsDraftRec {
  for (const d of world.store.drafts.values()) {
    if (d.memberId === memberId && d.agentId === agentId && d.status === 'open') return d;
  }
  const draft: FindingsDraftRec = { id: newId('fdr'), memberId, agentId, createdAt: now, status: 'open' };
  world.store.drafts.set(draft.id, draft);
  world.store.findingsDueAt = Math.min(world.store.findingsDueAt, now + FINDINGS_DRAFT_DAYS * DAY);
  return draft;
}

function draftFindings(world: World, draftId: string): FindingRec[] {
  return [...world.store.findings.values()].filter((f) => f.draftId === draftId && f.status === 'in_draft');
}

/** Site checks finish (checking -> in_draft) and unsigned drafts expire after 30 days. */
export function settleFindings(world: World, now: number): void {
  if (now < world.store.findingsDueAt) return;
  const due = [...world.store.findings.values()]
    .filter((f) => f.status === 'checking' && f.checkAt !== null && f.checkAt <= now)
    .sort((a, b) => (a.checkAt ?? 0) - (b.checkAt ?? 0));
  for (const f of due) {
    if (!f.filedWith) continue;
    // Expire a draft that ran out before this finding reached it, so the finding starts a new one.
    expireDrafts(world, f.checkAt ?? now);
    const draft = openDraftFor(world, f.memberId, f.filedWith.agentId, f.checkAt ?? now);
    f.status = 'in_draft';
    f.draftId = draft.id;
    f.checkAt = null;
  }
  expireDrafts(world, now);
  let next = Number.POSITIVE_INFINITY;
  for (const f of world.store.findings.values())
    if (f.status === 'checking' && f.checkAt !== null) next = Math.min(next, f.checkAt);
  for (const d of world.store.drafts.values())
    if (d.status === 'open') next = Math.min(next, d.createdAt + FINDINGS_DRAFT_DAYS * DAY);
  world.store.findingsDueAt = next;
}

function expireDrafts(world: World, now: number): void {
  for (const draft of world.store.drafts.values()) {
    if (draft.status !== 'open' || draft.createdAt + FINDINGS_DRAFT_DAYS * DAY > now) continue;
    draft.status = 'expired';
    for (const f of draftFindings(world, draft.id)) {
      f.status = 'expired';
      f.filedWith = null;
      f.reason = `The draft was not signed off within ${FINDINGS_DRAFT_DAYS} days.`;
    }
  }
}

/** The member signs off on the site: each finding joins, or waits when the agent's day has no room. */
export function signOffDraft(world: World, draft: FindingsDraftRec): void {
  if (draft.status !== 'open') throw invalidState(draft.status);
  const agent = world.store.agents.get(draft.agentId);
  const room = agent ? agent.behaviour.findingsRoom : true;
  for (const f of draftFindings(world, draft.id)) {
    if (room) {
      f.status = 'joined';
      f.filedWith = null;
      f.contributionState = 'person_review';
      f.reason = null;
    } else {
      f.status = 'waiting';
      f.reason = "Signed off; there is no room in the agent's day. It joins when there is.";
    }
  }
  draft.status = 'signed_off';
}

export function discardDraft(world: World, draft: FindingsDraftRec): void {
  if (draft.status !== 'open') throw invalidState(draft.status);
  for (const f of draftFindings(world, draft.id)) {
    f.status = 'discarded';
    f.filedWith = null;
    f.reason = 'You discarded the draft.';
  }
  draft.status = 'discarded';
}

export function findingsOf(world: World, memberId: string): FindingRec[] {
  return [...world.store.findings.values()]
    .filter((f) => f.memberId === memberId)
    .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1));
}

/** A draft and every finding that went into it (a finding keeps the id of the draft it was in). */
export function draftOf(world: World, draftId: string): { draft: FindingsDraftRec; findings: FindingRec[] } | null {
  const draft = world.store.drafts.get(draftId);
  if (!draft) return null;
  return { draft, findings: [...world.store.findings.values()].filter((f) => f.draftId === draftId) };
}

export function findingView(world: World, f: FindingRec, origin: string): FindingInput {
  const agent = world.store.agents.get(f.agentId);
  const session = f.sessionId ? world.store.sessions.get(f.sessionId) : undefined;
  const inDraft = f.status === 'in_draft' && f.draftId !== null;
  const keepsFiling = f.status === 'checking' || f.status === 'in_draft' || f.status === 'waiting';
  return {
    findingId: f.id,
    agentId: f.agentId,
    untrustedAgentName: utName(agent?.name ?? ''),
    sessionId: session && session.status !== 'deleted' ? session.id : null,
    kind: f.kind,
    untrustedTopic: ut(f.topic),
    untrustedTakeaway: ut(f.takeaway),
    source: f.source ? { untrustedUrl: f.source.url, kind: f.source.kind } : null,
    learnedAt: f.learnedAt,
    untrustedAppliesTo: f.appliesTo,
    status: f.status,
    filedWith:
      keepsFiling && f.filedWith
        ? {
            agentId: f.filedWith.agentId,
            untrustedName: f.filedWith.name === null ? null : utName(f.filedWith.name),
            newAgent: f.filedWith.newAgent,
          }
        : null,
    draftId: inDraft ? f.draftId : null,
    signOffUrl: inDraft && f.draftId ? draftUrl(world, origin, f.draftId) : null,
    reason: f.reason,
    contributionState: f.contributionState,
    createdAt: iso(f.createdAt),
  };
}
