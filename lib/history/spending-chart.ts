/**
 * Spending at a glance, from the cache: what each cached call was charged (its result's
 * charge.chargedCents, the contract's figure, counted for a passed call only; nothing is estimated), per day
 * of the member's calendar and per agent, for the period the member picked. The site's own total (GET /me spentSinceCents) is shown beside
 * it; `explainDifference` says in which direction they differ and why they may.
 */
import { chargedCents } from '@/lib/contract/charged';
import { isNotRead } from '@/lib/contract/tolerant';
import type { CallRow } from '@/lib/db/tables/calls';
import { DAY_MS } from '@/lib/time';

interface DaySpend {
  /** The member's local day, YYYY-MM-DD. */
  day: string;
  cents: number;
  calls: number;
}

interface AgentSpend {
  agentId: string;
  /** The agent's name as the site sent it (untrusted text), or null when the cache never had one. */
  name: CallRow['agentName'];
  cents: number;
  calls: number;
}

export interface CachedSpending {
  /** Every day of the period, oldest first, days without a charge included (0). */
  days: DaySpend[];
  /** Agents with a charged call in the period, most charged first. */
  agents: AgentSpend[];
  totalCents: number;
  chargedCalls: number;
}

type ChargedCall = Pick<CallRow, 'request' | 'agentName' | 'result' | 'createdAt' | 'startedAt' | 'finishedAt'>;

/** Longest period drawn a bar a day (a "since" date years back still draws, a year at most). */
const MAX_DAYS = 366;

function localDay(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** When the charge belongs: the call's end as this browser saw it, else its start. */
function chargedAt(call: ChargedCall): number {
  return Date.parse(call.finishedAt ?? call.startedAt ?? call.createdAt);
}

export function cachedSpending(calls: readonly ChargedCall[], since: Date, now: Date): CachedSpending {
  if (Number.isNaN(since.getTime()) || Number.isNaN(now.getTime()))
    throw new TypeError('The period needs valid dates.');
  if (since > now) throw new RangeError('The period starts after it ends.');
  const first = new Date(Math.max(since.getTime(), now.getTime() - (MAX_DAYS - 1) * DAY_MS));
  const days = new Map<string, DaySpend>();
  for (let d = new Date(first.getFullYear(), first.getMonth(), first.getDate()); d <= now; d.setDate(d.getDate() + 1)) {
    const day = localDay(d);
    days.set(day, { day, cents: 0, calls: 0 });
  }
  const agents = new Map<string, AgentSpend>();
  let totalCents = 0;
  let chargedCalls = 0;
  for (const call of calls) {
    // Only what was charged: a failed call is free and a returned one's charge went back (the contract's states).
    const cents = call.result ? chargedCents(call.result) : null;
    // A charge that could not be read (G34) is never summed as a guess: its own line says so.
    if (cents === null || isNotRead(cents)) continue;
    const at = chargedAt(call);
    if (!(at >= since.getTime() && at <= now.getTime())) continue;
    const slot = days.get(localDay(new Date(at)));
    if (slot) {
      slot.cents += cents;
      slot.calls += 1;
    }
    const agentId = call.request.agentId;
    const agent = agents.get(agentId) ?? { agentId, name: call.agentName ?? null, cents: 0, calls: 0 };
    agent.cents += cents;
    agent.calls += 1;
    agent.name ??= call.agentName ?? null;
    agents.set(agentId, agent);
    totalCents += cents;
    chargedCalls += 1;
  }
  return {
    days: [...days.values()],
    agents: [...agents.values()].sort((a, b) => b.cents - a.cents || a.agentId.localeCompare(b.agentId)),
    totalCents,
    chargedCalls,
  };
}

export type SpendingDifference =
  | { kind: 'unreadable' }
  | { kind: 'same' }
  | { kind: 'site_more'; cents: number }
  | { kind: 'cache_more'; cents: number };

/** How the site's total compares with the cached charges (null: the site could not read it now). */
export function explainDifference(siteCents: number | null, cachedCents: number): SpendingDifference {
  if (siteCents === null) return { kind: 'unreadable' };
  if (siteCents === cachedCents) return { kind: 'same' };
  return siteCents > cachedCents
    ? { kind: 'site_more', cents: siteCents - cachedCents }
    : { kind: 'cache_more', cents: cachedCents - siteCents };
}
