/** Agent cards, the per-connection `connection` state, the find and the fit object. */
import type { AgentCardInput, ConnectionState, FindAnswerInput } from '@/lib/contract/find';
import type { AgentRec, ConnectionRec, SessionRec } from '@/emulator/store';
import { ut, utName } from '@/emulator/text';
import type { World } from '@/emulator/world';
import { newAgentPending } from './approvals';
import { type FitJudgement, matchBps, words } from './match';

/** New until used 10 times (contract, Agent card). */
const NEW_UNTIL = 10;
const FIND_MAX = 10;

export function isNew(agent: AgentRec): boolean {
  return agent.countedCalls < NEW_UNTIL;
}

/** Agents a find or a listing may show: live and listed (a research call's new agent is not). */
export function listedAgents(world: World): AgentRec[] {
  return [...world.store.agents.values()].filter((a) => !a.research && a.behaviour.live);
}

/** Has this connection called the agent, or did the member allow it? */
export function agentAllowed(world: World, conn: ConnectionRec, agentId: string): boolean {
  const state = conn.agentStates.get(agentId);
  if (state === 'allowed') return true;
  if (state === 'blocked') return false;
  for (const call of world.store.calls.values()) {
    if (call.connectionId === conn.id && call.agentId === agentId) return true;
  }
  return false;
}

function connectionState(world: World, conn: ConnectionRec, agent: AgentRec, now: number): ConnectionState {
  if (conn.agentStates.get(agent.id) === 'blocked') return 'blocked';
  if (!conn.switches.askBeforeNewAgent || agentAllowed(world, conn, agent.id)) return 'allowed';
  return newAgentPending(world, conn, agent.id, now) ? 'pending' : 'not_asked';
}

export function cardView(world: World, conn: ConnectionRec, agent: AgentRec, bps: number, now: number): AgentCardInput {
  return {
    agentId: agent.id,
    slug: agent.slug,
    untrustedName: utName(agent.name),
    untrustedStyleLine: agent.styleLine === null ? null : ut(agent.styleLine),
    accent: agent.accent,
    untrustedKnows: ut(agent.knows),
    isNew: isNew(agent),
    contributors: agent.contributors,
    countedCalls: agent.countedCalls,
    connection: connectionState(world, conn, agent, now),
    matchBps: bps,
    usualCents: null,
    neverMoreThanCents: null,
    usualSource: null,
    helpRateBps: null,
    likelyToCostLess: null,
  };
}

/** Agents holding any of the description's words: best match first, then most used; at most `max`. */
export function matchAgents(world: World, description: string, max = FIND_MAX): { agent: AgentRec; bps: number }[] {
  const w = words(description);
  return listedAgents(world)
    .map((agent) => ({ agent, bps: matchBps(w, agent) }))
    .filter((m) => m.bps > 0)
    .sort(
      (a, b) => b.bps - a.bps || b.agent.countedCalls - a.agent.countedCalls || a.agent.id.localeCompare(b.agent.id),
    )
    .slice(0, max);
}

export function find(world: World, conn: ConnectionRec, description: string, now: number): FindAnswerInput {
  return { agents: matchAgents(world, description).map((m) => cardView(world, conn, m.agent, m.bps, now)) };
}

export interface FitView {
  verdict: 'fits' | 'unclear' | 'another_agent' | 'no_agent';
  sentence: { untrustedText: string; truncated: boolean } | null;
  otherAgent: { agentId: string; slug: string; untrustedName: { untrustedText: string; truncated: boolean } } | null;
  choice: 'ask_anyway' | 'new_agent' | null;
  canStartAgent: boolean;
}

export function fitView(agent: AgentRec, conn: ConnectionRec, session: SessionRec | null, fit: FitJudgement): FitView {
  let sentence: string | null = null;
  if (fit.verdict === 'another_agent' && fit.other) {
    sentence = `This request does not look like what ${agent.name} knows. ${fit.other.name} looks closer.`;
  } else if (fit.verdict === 'no_agent') {
    sentence = `This request does not look like what ${agent.name} knows, and no agent covers it yet.`;
  }
  return {
    verdict: fit.verdict,
    // The sentence quotes agents' names, which members wrote: untrusted.
    sentence: sentence === null ? null : ut(sentence),
    otherAgent: fit.other
      ? { agentId: fit.other.id, slug: fit.other.slug, untrustedName: utName(fit.other.name) }
      : null,
    choice: session?.choice ?? null,
    canStartAgent: conn.keepsFindings === true,
  };
}
