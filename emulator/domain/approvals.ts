/**
 * Approvals (G4): a refusal with needs_approval opens one; the member approves or declines it on the site;
 * the same call resent with its approvalId runs once. Pending ones can be approved for 30 minutes from the
 * refusal; approved ones are usable for limits.approvalMinutes from the approval.
 */
import type { ApprovalInput, ApprovalReason, ApprovalStatus } from '@/lib/contract/calls';
import type { StartCallRequest } from '@/lib/contract/calls';
import { pagePath } from '@/emulator/site-paths';
import { canonicalJson } from '@/emulator/canonical';
import { MINUTE, iso } from '@/emulator/clock';
import { ApiError, invalidState } from '@/emulator/errors';
import { newId } from '@/emulator/ids';
import type { ApprovalRec, ConnectionRec } from '@/emulator/store';
import type { World } from '@/emulator/world';
import { APPROVAL_MINUTES } from '@/lib/contract/limits';

/** "This exact call": every field but approvalId, defaults filled in, keys sorted (G4). */
function callFingerprint(body: StartCallRequest): string {
  return canonicalJson({
    agentId: body.agentId,
    callId: body.callId,
    sessionId: body.sessionId ?? null,
    details: body.details ?? '',
    question: body.question ?? null,
    fileIds: body.fileIds ?? [],
    maxCents: body.maxCents ?? null,
    answers: body.answers ?? null,
    subject: body.subject ?? null,
    fromAsk: body.fromAsk ?? null,
  });
}

export function approvalExpiresAt(world: World, approval: ApprovalRec): number {
  if (approval.approvedAt !== null) {
    const conn = world.store.connections.get(approval.connectionId);
    return approval.approvedAt + (conn?.limits.approvalMinutes ?? APPROVAL_MINUTES) * MINUTE;
  }
  return approval.createdAt + APPROVAL_MINUTES * MINUTE;
}

export function approvalStatus(world: World, approval: ApprovalRec, now: number): ApprovalStatus {
  if ((approval.status === 'pending' || approval.status === 'approved') && now > approvalExpiresAt(world, approval)) {
    return 'expired';
  }
  return approval.status;
}

function approvalUrl(world: World, origin: string, approvalId: string): string {
  return `${origin}${pagePath(world.paths.approval, approvalId)}`;
}

/** The live pending approval for this exact call, or a new one; the refusal that carries it. */
export function needsApproval(
  world: World,
  conn: ConnectionRec,
  body: StartCallRequest,
  reason: ApprovalReason,
  origin: string,
  now: number,
): ApiError {
  const fingerprint = callFingerprint(body);
  let approval: ApprovalRec | undefined;
  for (const a of world.store.approvals.values()) {
    if (
      a.connectionId === conn.id &&
      a.fingerprint === fingerprint &&
      a.reason === reason &&
      approvalStatus(world, a, now) === 'pending'
    ) {
      approval = a;
      break;
    }
  }
  if (!approval) {
    approval = {
      id: newId('apr'),
      connectionId: conn.id,
      memberId: conn.memberId,
      reason,
      fingerprint,
      agentId: body.agentId,
      callId: body.callId,
      maxCents: body.maxCents ?? null,
      createdAt: now,
      status: 'pending',
      approvedAt: null,
    };
    world.store.approvals.set(approval.id, approval);
  }
  return new ApiError(403, 'needs_approval', {
    reason,
    approvalId: approval.id,
    approvalUrl: approvalUrl(world, origin, approval.id),
  });
}

/** An approval for a call is usable: approved, unused, unexpired and for this exact call. */
export function usableApproval(world: World, approval: ApprovalRec, body: StartCallRequest, now: number): boolean {
  return approvalStatus(world, approval, now) === 'approved' && approval.fingerprint === callFingerprint(body);
}

/** Is a new_agent approval waiting for the member for this connection and agent? */
export function newAgentPending(world: World, conn: ConnectionRec, agentId: string, now: number): boolean {
  for (const a of world.store.approvals.values()) {
    if (
      a.connectionId === conn.id &&
      a.agentId === agentId &&
      a.reason === 'new_agent' &&
      approvalStatus(world, a, now) === 'pending'
    ) {
      return true;
    }
  }
  return false;
}

/** The member says yes on the site. */
export function approve(world: World, approval: ApprovalRec, now: number): void {
  if (approvalStatus(world, approval, now) !== 'pending') throw invalidState(approvalStatus(world, approval, now));
  approval.status = 'approved';
  approval.approvedAt = now;
  if (approval.reason === 'new_agent') {
    world.store.connections.get(approval.connectionId)?.agentStates.set(approval.agentId, 'allowed');
  }
}

/** The member says no; declining a new agent blocks it for the connection. */
export function decline(world: World, approval: ApprovalRec, now: number): void {
  if (approvalStatus(world, approval, now) !== 'pending') throw invalidState(approvalStatus(world, approval, now));
  approval.status = 'declined';
  if (approval.reason === 'new_agent') {
    world.store.connections.get(approval.connectionId)?.agentStates.set(approval.agentId, 'blocked');
  }
}

export function approvalView(world: World, approval: ApprovalRec, origin: string, now: number): ApprovalInput {
  return {
    approvalId: approval.id,
    approvalUrl: approvalUrl(world, origin, approval.id),
    reason: approval.reason,
    status: approvalStatus(world, approval, now),
    agentId: approval.agentId,
    callId: approval.callId,
    maxCents: approval.maxCents,
    createdAt: iso(approval.createdAt),
    approvedAt: approval.approvedAt === null ? null : iso(approval.approvedAt),
    expiresAt: iso(approvalExpiresAt(world, approval)),
  };
}
