import { readAmount } from '@/lib/contract/tolerant';
/** Spending for a period the member picks: GET /me with spentSince (held and charged since then). */
import type { CommandReply } from '@/lib/protocol/commands';
import { type Ctx, isoNow } from '@/entrypoints/background/core/context';
import { withApi } from '@/entrypoints/background/core/with-api';

export async function spending(ctx: Ctx, since: string): Promise<CommandReply<'spending'>> {
  // The client refuses a time without its zone before sending (G12), in the member's words.
  const me = await withApi(ctx, (api) => api.me({ spentSince: since }));
  // A figure that cannot be one (G34) is "not readable", as the contract's null says for one it cannot read.
  return { since, spentSinceCents: readAmount(me.spentSinceCents) ?? null, at: isoNow(ctx) };
}
