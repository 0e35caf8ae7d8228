import type { Finding } from '@/lib/contract/findings';
import type { UntrustedText } from '@/lib/contract/conventions';

export function ut(text: string, truncated = false): UntrustedText {
  return { untrustedText: text, truncated };
}

export function finding(id: string, over: Partial<Finding> = {}): Finding {
  return {
    findingId: id,
    agentId: 'ag1',
    untrustedAgentName: ut('Shop Builder'),
    sessionId: 's1',
    kind: 'pitfall',
    untrustedTopic: ut(`Topic ${id}`),
    untrustedTakeaway: ut(`Takeaway ${id}`),
    source: { untrustedUrl: 'https://docs.example.org/page', kind: 'official_docs' },
    learnedAt: '2026-10-30',
    untrustedAppliesTo: ['node 20'],
    status: 'in_draft',
    filedWith: { agentId: 'ag1', untrustedName: ut('Shop Builder'), newAgent: false },
    draftId: 'd1',
    signOffUrl: 'http://127.0.0.1:8787/findings/drafts/d1',
    reason: null,
    contributionState: null,
    createdAt: '2026-11-01T00:00:00Z',
    ...over,
  };
}
