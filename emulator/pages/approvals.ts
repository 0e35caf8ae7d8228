/** The approval page (/approvals/{id} by default; the profile's path): the member approves or declines one call. */
import { Hono } from 'hono';
import type { ApprovalReason } from '@/lib/contract/calls';
import { iso } from '@/emulator/clock';
import { approvalExpiresAt, approvalStatus, approve, decline } from '@/emulator/domain/approvals';
import { ApiError } from '@/emulator/errors';
import type { AppEnv } from '@/emulator/http';
import { pagePath, type SitePaths } from '@/emulator/site-paths';
import { doneNote, dollars, formString, html, pageResponse } from './html';

const REASONS: Record<ApprovalReason, string> = {
  new_agent: 'This is the first call to this agent, and you asked to be asked first.',
  spending_off: 'Spending is off for this connection, so every call waits for you.',
  second_session: "It starts a chat session beyond this connection's sessions for today.",
  over_calls: "It goes beyond this connection's calls for today.",
};

const DONE: Record<string, string> = {
  approved: 'Approved. The connection may now send this exact call once.',
  declined: 'Declined. Nothing runs.',
  not_pending: 'This approval can no longer be changed.',
};

export function approvalPages(paths: SitePaths): Hono<AppEnv> {
  const pages = new Hono<AppEnv>();
  pages.get(paths.approval, (c) => {
    const world = c.get('world');
    const approval = world.store.approvals.get(c.req.param('id') ?? '');
    if (!approval) return pageResponse(c, 'Not found', html`<p>No approval with that id.</p>`, world.site.name, 404);
    const now = world.now();
    const status = approvalStatus(world, approval, now);
    const agent = world.store.agents.get(approval.agentId);
    const conn = world.store.connections.get(approval.connectionId);
    const callName = agent?.calls.find((x) => x.callId === approval.callId)?.name ?? approval.callId;
    const body = html`${doneNote(DONE, c.req.query('done'))}
<dl><dt>Connection</dt><dd>${conn?.name ?? ''}</dd>
<dt>Agent</dt><dd class="untrusted">${agent?.name ?? approval.agentId}</dd>
<dt>Call</dt><dd class="untrusted">${callName}</dd>
<dt>Why you are asked</dt><dd>${REASONS[approval.reason]}</dd>
<dt>Most it may use</dt><dd>${approval.maxCents === null ? 'Up to your spendable credits and the safety ceiling' : dollars(approval.maxCents)}</dd>
<dt>Status</dt><dd id="approval-status">${status}</dd>
<dt>${status === 'approved' ? 'Usable until' : 'Open until'}</dt><dd>${iso(approvalExpiresAt(world, approval))}</dd></dl>
${
  status === 'pending'
    ? html`<form method="post" action="${pagePath(paths.approval, approval.id)}">
<button type="submit" name="action" value="approve" class="primary">Approve</button>
<button type="submit" name="action" value="decline">Decline</button></form>`
    : ''
}`;
    return pageResponse(c, 'Approve a call', body, world.site.name);
  });

  pages.post(paths.approval, async (c) => {
    const world = c.get('world');
    const approval = world.store.approvals.get(c.req.param('id') ?? '');
    if (!approval) return pageResponse(c, 'Not found', html`<p>No approval with that id.</p>`, world.site.name, 404);
    const form = await c.req.parseBody();
    let done = 'not_pending';
    try {
      if (formString(form, 'action') === 'approve') {
        approve(world, approval, world.now());
        done = 'approved';
      } else if (formString(form, 'action') === 'decline') {
        decline(world, approval, world.now());
        done = 'declined';
      }
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
    return c.redirect(`${pagePath(paths.approval, approval.id)}?done=${done}`, 303);
  });
  return pages;
}
