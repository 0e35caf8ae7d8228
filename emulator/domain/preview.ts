/**
 * The preview (GET .../preview) and the quote (POST /calls/quote, G14): what POST /calls would do with
 * this request, judged by the same `judgeCall`, with nothing held, kept or asked.
 */
import type { ApprovalReason, PreviewInput } from '@/lib/contract/calls';
import type { StartCallRequest } from '@/lib/contract/calls';
import type { ConnectionRec } from '@/emulator/store';
import { utName } from '@/emulator/text';
import type { World } from '@/emulator/world';
import { fitView, isNew } from './agents';
import { usableApproval } from './approvals';
import { judgeCall } from './calls';

function dollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

const APPROVAL_LINES: Record<ApprovalReason, string> = {
  new_agent: 'You asked to approve the first call to each new agent: approve this one on the site.',
  spending_off: 'Spending is off for this connection, so each call waits for your approval on the site.',
  second_session:
    "This starts another chat session beyond today's sessions without asking: it waits for your approval.",
  over_calls: "This goes beyond today's calls without asking: it waits for your approval.",
};

/** `readsText`: a quote judges the request's own text; a kind-of-call preview carries none (verdict unclear). */
export function preview(
  world: World,
  conn: ConnectionRec,
  body: StartCallRequest,
  origin: string,
  now: number,
  readsText: boolean,
): PreviewInput {
  const j = judgeCall(world, conn, body, origin, now, false);
  let refusal = j.refusal?.code ?? null;
  let approvalReason: ApprovalReason | null = j.refusal ? null : j.approvalReason;
  if (!refusal && body.approvalId !== undefined) {
    const approval = world.store.approvals.get(body.approvalId);
    if (approval && usableApproval(world, approval, body, now)) approvalReason = null;
    else refusal = 'approval_not_usable';
  }
  const fit = readsText
    ? fitView(j.agent, conn, j.session, j.fit)
    : fitView(j.agent, conn, j.session, { verdict: 'unclear', other: null });
  return {
    agentId: j.agent.id,
    callId: j.call.callId,
    untrustedName: utName(j.call.name),
    chargedFor: 'what_it_uses',
    sentence: `Charged for what it uses, only if its result passes its checks. Up to ${dollars(j.limitCents)} is held while it runs: the most it can cost, not a price.`,
    limitCents: j.limitCents,
    limitBy: j.limitBy,
    holdCents: j.limitCents,
    spendableCents: j.spendable,
    privacyLine: world.site.privacyLine,
    refusal,
    needsApproval: refusal === null && approvalReason !== null,
    approvalReason: refusal === null ? approvalReason : null,
    approvalLine: refusal === null && approvalReason ? APPROVAL_LINES[approvalReason] : null,
    today: j.today,
    isNew: isNew(j.agent),
    gate: j.call.kind === 'apply' && j.session ? j.gate : null,
    fit,
    largestCallCents: j.limitCents,
    neverMoreThanCents: j.limitCents,
    perCall: null,
    usualCents: null,
    readingMicros: null,
    answerMedianMicros: null,
    usualSource: null,
    runs: null,
    balanceAfterCents: null,
    likelyToCostLess: null,
  };
}
