// Findings waiting for sign-off, grouped by the draft that holds them: the member signs off a draft
// (one per member and agent) on the site, so the panel and the notifier speak of drafts, not findings.
import type { Finding } from '@/lib/contract/findings';
import type { UntrustedText } from '@/lib/contract/conventions';
import { draftExpiresAtMs } from './expiry';

export interface DraftGroup {
  /** draftId, or when the site left it out, the sign-off page or the agent (one draft per agent). */
  draftKey: string;
  draftId: string | null;
  signOffUrl: string | null;
  agentId: string;
  agentName: UntrustedText | null;
  /** Filed with a new agent from research, not listed yet. */
  newAgent: boolean;
  findings: Finding[];
  /** Estimated expiry, epoch ms (see expiry.ts); NaN when unknown. */
  expiresAtMs: number;
}

function draftKeyOf(f: Finding): string {
  if (f.draftId) return f.draftId;
  if (f.signOffUrl) return `url:${f.signOffUrl}`;
  return `agent:${f.filedWith?.agentId ?? f.agentId}`;
}

/** Drafts waiting for sign-off (findings in_draft), the soonest to expire first. */
export function waitingDrafts(findings: readonly Finding[]): DraftGroup[] {
  const groups = new Map<string, DraftGroup>();
  for (const f of findings) {
    if (f.status !== 'in_draft') continue;
    const key = draftKeyOf(f);
    let group = groups.get(key);
    if (!group) {
      group = {
        draftKey: key,
        draftId: f.draftId,
        signOffUrl: f.signOffUrl,
        agentId: f.filedWith?.agentId ?? f.agentId,
        agentName: f.filedWith ? f.filedWith.untrustedName : f.untrustedAgentName,
        newAgent: f.filedWith?.newAgent ?? false,
        findings: [],
        expiresAtMs: Number.NaN,
      };
      groups.set(key, group);
    }
    group.signOffUrl ??= f.signOffUrl;
    group.findings.push(f);
  }
  const list = [...groups.values()];
  for (const g of list) g.expiresAtMs = draftExpiresAtMs(g.findings);
  // Unknown expiry last; otherwise soonest first, then by key so the order is stable.
  return list.sort((a, b) => {
    const ea = Number.isNaN(a.expiresAtMs) ? Number.POSITIVE_INFINITY : a.expiresAtMs;
    const eb = Number.isNaN(b.expiresAtMs) ? Number.POSITIVE_INFINITY : b.expiresAtMs;
    return ea === eb ? a.draftKey.localeCompare(b.draftKey) : ea - eb;
  });
}
