/** GET /findings into the findings table (the member's findings choice decides whether there are any). */
import { type Ctx, isoNow } from '@/entrypoints/background/core/context';
import { withApi } from '@/entrypoints/background/core/with-api';

export async function refreshFindings(ctx: Ctx): Promise<{ count: number }> {
  const answer = await withApi(ctx, (api) => api.listFindings());
  const readAt = isoNow(ctx);
  await ctx.db.transaction('rw', ctx.db.findings, async () => {
    await ctx.db.findings.clear();
    await ctx.db.findings.bulkPut(
      answer.findings.map((finding) => ({ findingId: finding.findingId, finding, readAt })),
    );
  });
  return { count: answer.findings.length };
}
