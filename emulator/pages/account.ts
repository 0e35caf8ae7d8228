/** The site's home, the top-up page (its path by profile), an agent's page (/agents/{slug}) and a session's page (close it, G11). */
import { Hono } from 'hono';
import { heldCents, spendableCents } from '@/emulator/domain/balance';
import type { AppEnv } from '@/emulator/http';
import type { SitePaths } from '@/emulator/site-paths';
import type { World } from '@/emulator/world';
import { doneNote, dollars, formString, html, pageResponse } from './html';

function memberOf(world: World, id: string | undefined) {
  return (id ? world.store.members.get(id) : undefined) ?? world.store.members.values().next().value;
}

export function accountPages(paths: SitePaths): Hono<AppEnv> {
  const accountPages = new Hono<AppEnv>();
  accountPages.get('/', (c) => {
    const world = c.get('world');
    const members = [...world.store.members.values()];
    const body = html`<p>A local emulator of the ${world.site.name} Connection API v1. The API is at <code>/api/v1</code>.</p>
<p><a href="/connect">Make a connect code</a> · <a href="${paths.topUp}">Top up credits</a></p>
${members.map((m) => {
  const conns = [...world.store.connections.values()].filter((x) => x.memberId === m.id);
  return html`<h2>${m.name}${m.suspended ? ' (suspended)' : ''}</h2>
<ul>${conns.map((x) => html`<li><a href="/connections/${encodeURIComponent(x.id)}">${x.name}</a> (${x.status})</li>`)}</ul>`;
})}`;
    return pageResponse(c, world.site.name, body, world.site.name);
  });

  const TOP_UP_DONE: Record<string, string> = { added: 'Credits added.', invalid: 'Enter an amount from $1 to $500.' };

  accountPages.get(paths.topUp, (c) => {
    const world = c.get('world');
    const member = memberOf(world, c.req.query('member'));
    if (!member) return pageResponse(c, 'No member', html`<p>The seed has no member.</p>`, world.site.name, 404);
    const held = heldCents(world, member.id);
    const body = html`${doneNote(TOP_UP_DONE, c.req.query('done'))}
<dl><dt>Member</dt><dd>${member.name}</dd>
<dt>Spendable now</dt><dd id="spendable">${dollars(spendableCents(member, held))}</dd>
<dt>Held for running calls</dt><dd>${dollars(held)}</dd></dl>
<form method="post" action="${paths.topUp}"><input type="hidden" name="member" value="${member.id}">
<label>Amount in dollars <input type="number" name="dollars" min="1" max="500" step="1" value="10" required></label>
<button type="submit" class="primary">Add credits</button></form>`;
    return pageResponse(c, 'Top up', body, world.site.name);
  });

  accountPages.post(paths.topUp, async (c) => {
    const world = c.get('world');
    const form = await c.req.parseBody();
    const member = memberOf(world, formString(form, 'member'));
    if (!member) return pageResponse(c, 'No member', html`<p>Unknown member.</p>`, world.site.name, 404);
    const amount = Number(formString(form, 'dollars'));
    const q = `member=${encodeURIComponent(member.id)}`;
    if (!Number.isInteger(amount) || amount < 1 || amount > 500)
      return c.redirect(`${paths.topUp}?${q}&done=invalid`, 303);
    member.purchasedCents += amount * 100;
    return c.redirect(`${paths.topUp}?${q}&done=added`, 303);
  });

  accountPages.get('/agents/:slug', (c) => {
    const world = c.get('world');
    const agent = [...world.store.agents.values()].find((a) => a.slug === c.req.param('slug'));
    if (!agent) return pageResponse(c, 'Not found', html`<p>No agent at that address.</p>`, world.site.name, 404);
    const body = html`<p class="untrusted">${agent.name}</p>${agent.styleLine ? html`<p class="untrusted">${agent.styleLine}</p>` : ''}
<h2>What it knows</h2><p class="untrusted">${agent.knows}</p>
<p>${agent.contributors} contributors · used ${agent.countedCalls} times${agent.countedCalls < 10 ? ' · New' : ''}</p>
<h2>Calls</h2><ul>${agent.calls.map((x) => html`<li class="untrusted">${x.name}</li>`)}</ul>`;
    return pageResponse(c, 'Agent', body, world.site.name);
  });

  const SESSION_DONE: Record<string, string> = { closed: 'Session closed.' };

  accountPages.get('/sessions/:id', (c) => {
    const world = c.get('world');
    const session = world.store.sessions.get(c.req.param('id'));
    if (!session || session.status === 'deleted')
      return pageResponse(c, 'Not found', html`<p>No session with that id.</p>`, world.site.name, 404);
    const agent = world.store.agents.get(session.agentId);
    const body = html`${doneNote(SESSION_DONE, c.req.query('done'))}
<dl><dt>Agent</dt><dd class="untrusted">${agent?.name ?? ''}</dd><dt>Status</dt><dd id="session-status">${session.status}</dd>
<dt>Calls</dt><dd>${session.runIds.length}</dd></dl>
${session.status === 'open' ? html`<form method="post" action="/sessions/${encodeURIComponent(session.id)}"><button type="submit" name="action" value="close">Close session</button></form>` : ''}`;
    return pageResponse(c, 'Session', body, world.site.name);
  });

  accountPages.post('/sessions/:id', async (c) => {
    const world = c.get('world');
    const session = world.store.sessions.get(c.req.param('id'));
    if (!session) return pageResponse(c, 'Not found', html`<p>No session with that id.</p>`, world.site.name, 404);
    const form = await c.req.parseBody();
    if (formString(form, 'action') === 'close' && session.status === 'open') session.status = 'closed';
    return c.redirect(`/sessions/${encodeURIComponent(session.id)}?done=closed`, 303);
  });
  return accountPages;
}
