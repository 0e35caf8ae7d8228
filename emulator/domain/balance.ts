/** A member's credits: what is held for running calls, what can be spent, and paying a charge. */
import type { World } from '@/emulator/world';
import type { MemberRec } from '@/emulator/store';

export function heldCents(world: World, memberId: string): number {
  let held = 0;
  for (const runId of world.store.openCalls.keys()) {
    const call = world.store.calls.get(runId);
    if (call && call.memberId === memberId) held += call.holdCents;
  }
  return held;
}

/** G9: purchased + earned (0 while unreadable) + promo - held, never below 0. */
export function spendableCents(member: MemberRec, held: number): number {
  return Math.max(0, member.purchasedCents + (member.earnedCents ?? 0) + member.promoCents - held);
}

/** Pays a charge: promotional credits first, then earned, then purchased. */
export function payCharge(member: MemberRec, cents: number): void {
  let left = cents;
  const fromPromo = Math.min(left, member.promoCents);
  member.promoCents -= fromPromo;
  left -= fromPromo;
  if (member.earnedCents !== null) {
    const fromEarned = Math.min(left, member.earnedCents);
    member.earnedCents -= fromEarned;
    left -= fromEarned;
  }
  member.purchasedCents = Math.max(0, member.purchasedCents - left);
}
