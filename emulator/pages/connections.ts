/**
 * /connect (make a connect code: name, switches, limits, findings choice) and /connections/{id}
 * (change switches, limits and the findings choice, allow a declined agent again, revoke).
 */
import { Hono } from 'hono';
import { iso } from '@/emulator/clock';
import { liveStatus } from '@/emulator/domain/timeline';
import { makeConnectCode, patchConnection, revokeConnection } from '@/emulator/domain/connections';
import type { AppEnv } from '@/emulator/http';
import type { LimitsRec, SwitchesRec } from '@/emulator/seed';
import type { ConnectionRec } from '@/emulator/store';
import type { World } from '@/emulator/world';
import { SafeHtml, doneNote, dollars, formString, html, pageResponse } from './html';

export const connectionPages = new Hono<AppEnv>();

const SWITCH_LABELS: [keyof SwitchesRec, string][] = [
  ['spending', 'Spending: calls go without asking within the counts below'],
  ['askBeforeNewAgent', 'Ask me before the first call to each agent'],
  ['tryNewAgents', 'May call agents that are still New'],
  ['files', 'May send files with a call'],
  ['sharing', 'May send drafts of projects to share (never signs off)'],
];

const LIMIT_FIELDS: [keyof LimitsRec, string, number][] = [
  ['sessionsPerDay', 'Chat sessions in any 24 hours without asking', 1],
  ['callsPerDay', 'Calls in any 24 hours without asking', 10],
  ['openCallsMax', 'Calls running at once', 1],
];

function switchesFieldset(switches: SwitchesRec): SafeHtml {
  return html`<fieldset><legend>Switches</legend>${SWITCH_LABELS.map(
    ([key, label]) =>
      html`<label><input type="checkbox" name="${key}" value="on"${switches[key] ? new SafeHtml(' checked') : ''}> ${label}</label>`,
  )}</fieldset>`;
}

function limitsFieldset(limits: LimitsRec): SafeHtml {
  return html`<fieldset><legend>Limits</legend>${LIMIT_FIELDS.map(
    ([key, label, min]) =>
      html`<label>${label} <input type="number" name="${key}" min="${min}" step="1" value="${limits[key]}" required></label>`,
  )}<p>Approvals stay usable ${limits.approvalMinutes} minutes. Downloads: ${Math.round(limits.downloadBytesPerDay / 1_000_000)} MB in any 24 hours.</p></fieldset>`;
}

function findingsFieldset(keeps: boolean | null): SafeHtml {
  const option = (value: string, label: string, checked: boolean) =>
    html`<label><input type="radio" name="keepsFindings" value="${value}"${checked ? new SafeHtml(' checked') : ''}> ${label}</label>`;
  return html`<fieldset><legend>Findings</legend>
${option('keep', 'Keep what the agent researches (each finding waits for my sign-off)', keeps === true)}
${option('dont', 'Do not keep findings', keeps === false)}
${option('later', 'Decide later (nothing is kept)', keeps === null)}</fieldset>`;
}

function readSwitches(form: Record<string, unknown>): SwitchesRec {
  const on = (k: keyof SwitchesRec) => formString(form, k) === 'on';
  return {
    sharing: on('sharing'),
    files: on('files'),
    spending: on('spending'),
    askBeforeNewAgent: on('askBeforeNewAgent'),
    tryNewAgents: on('tryNewAgents'),
  };
}

function readLimits(form: Record<string, unknown>, current: LimitsRec): LimitsRec {
  const out = { ...current };
  for (const [key, , min] of LIMIT_FIELDS) {
    const n = Number(formString(form, key));
    if (Number.isInteger(n) && n >= min) out[key] = n;
  }
  return out;
}

function readKeeps(form: Record<string, unknown>): boolean | null {
  const v = formString(form, 'keepsFindings');
  return v === 'keep' ? true : v === 'dont' ? false : null;
}

function memberOf(world: World, id: string | undefined) {
  return (id ? world.store.members.get(id) : undefined) ?? world.store.members.values().next().value;
}

connectionPages.get('/connect', (c) => {
  const world = c.get('world');
  const member = memberOf(world, c.req.query('member'));
  if (!member) return pageResponse(c, 'No member', html`<p>The seed has no member.</p>`, world.site.name, 404);
  const members = [...world.store.members.values()];
  const body = html`<p>Make a one-time connect code for a script or a connector. It works once, for 15 minutes.</p>
<form method="post" action="/connect">
<label>Member <select name="member">${members.map((m) => html`<option value="${m.id}"${m.id === member.id ? new SafeHtml(' selected') : ''}>${m.name}</option>`)}</select></label>
<label>Connection name <input type="text" name="name" maxlength="80" value="My connection" required></label>
${switchesFieldset(world.site.defaultSwitches)}
${limitsFieldset(world.site.defaultLimits)}
${findingsFieldset(null)}
<label>Only this session (optional session id) <input type="text" name="sessionId" maxlength="64"></label>
<button type="submit" class="primary">Make a connect code</button>
</form>`;
  return pageResponse(c, 'Connect', body, world.site.name);
});

connectionPages.post('/connect', async (c) => {
  const world = c.get('world');
  const form = await c.req.parseBody();
  const member = memberOf(world, formString(form, 'member'));
  if (!member) return pageResponse(c, 'No member', html`<p>Unknown member.</p>`, world.site.name, 404);
  const sessionId = formString(form, 'sessionId').trim();
  const session = sessionId ? world.store.sessions.get(sessionId) : undefined;
  if (sessionId && (!session || session.memberId !== member.id)) {
    return pageResponse(
      c,
      'Connect',
      html`<p class="warn" role="alert">No session of yours has that id.</p><p><a href="/connect">Back</a></p>`,
      world.site.name,
      400,
    );
  }
  const made = makeConnectCode(
    world,
    {
      memberId: member.id,
      name: formString(form, 'name').slice(0, 80),
      switches: readSwitches(form),
      limits: readLimits(form, world.site.defaultLimits),
      keepsFindings: readKeeps(form),
      sessionId: session ? session.id : null,
    },
    world.now(),
  );
  const body = html`<p>Your connect code:</p>
<p><strong class="code" id="connect-code" aria-label="Connect code">${made.code}</strong></p>
<p>It works once, until <time datetime="${made.expiresAt}">${made.expiresAt}</time>. Give it to your script or connector; the key it gets is never shown here.</p>
<p><a href="/connections/${encodeURIComponent(made.connectionId)}">Open this connection's page</a></p>`;
  return pageResponse(c, 'Connect code made', body, world.site.name, 201);
});

const CONNECTION_DONE: Record<string, string> = {
  saved: 'Changes saved.',
  revoked: 'Connection revoked. Its key no longer works.',
  allowed: 'The agent may be called again.',
};

function connectionBody(world: World, conn: ConnectionRec, done: string | undefined): SafeHtml {
  const blocked = [...conn.agentStates]
    .filter(([, s]) => s === 'blocked')
    .map(([id]) => world.store.agents.get(id))
    .filter((a) => a !== undefined);
  const status =
    conn.status === 'revoked'
      ? 'Revoked'
      : conn.status === 'unclaimed'
        ? 'Waiting for its code to be claimed'
        : 'Active';
  const id = encodeURIComponent(conn.id);
  return html`${doneNote(CONNECTION_DONE, done)}
<dl><dt>Name</dt><dd>${conn.name}</dd><dt>Status</dt><dd>${status}</dd>
${conn.sessionId ? html`<dt>Only this session</dt><dd>${conn.sessionId}</dd>` : ''}
<dt>Made</dt><dd>${iso(conn.createdAt)}</dd></dl>
${callLog(world, conn)}
${
  conn.status === 'revoked'
    ? html`<p>A revoked connection cannot be changed. <a href="/connect">Make a new connection</a>.</p>`
    : html`<form method="post" action="/connections/${id}">
<input type="hidden" name="action" value="save">
<label>Connection name <input type="text" name="name" maxlength="80" value="${conn.name}"></label>
${switchesFieldset(conn.switches)}${limitsFieldset(conn.limits)}${findingsFieldset(conn.keepsFindings)}
<button type="submit" class="primary">Save changes</button></form>
${blocked.length > 0 ? html`<h2>Declined agents</h2>${blocked.map((a) => html`<form method="post" action="/connections/${id}"><input type="hidden" name="action" value="allow"><input type="hidden" name="agentId" value="${a.id}"><button type="submit">Allow ${a.name} again</button></form>`)}` : ''}
<h2>Revoke</h2><form method="post" action="/connections/${id}"><input type="hidden" name="action" value="revoke">
<p>The key stops working at once. To connect again, make a new connect code.</p>
<button type="submit" class="danger">Revoke connection</button></form>`
}`;
}

const STATUS_WORDS: Record<string, string> = {
  passed: 'passed (charged)',
  failed: 'failed (free)',
  returned: 'returned (charge went back)',
};

/** Every call through the connection, newest first: the member can always read what ran. */
function callLog(world: World, conn: ConnectionRec): SafeHtml {
  const now = world.now();
  const calls = [...world.store.calls.values()]
    .filter((x) => x.connectionId === conn.id)
    .sort((a, b) => b.startedAt - a.startedAt);
  if (calls.length === 0) return html`<h2>Calls</h2><p>No calls yet.</p>`;
  return html`<h2>Calls</h2><table><thead><tr><th scope="col">Started</th><th scope="col">Agent</th><th scope="col">Call</th><th scope="col">Status</th><th scope="col">Charged</th></tr></thead><tbody>
${calls.map((x) => {
  const status = liveStatus(x, now);
  return html`<tr><td>${iso(x.startedAt)}</td><td class="untrusted">${world.store.agents.get(x.agentId)?.name ?? x.agentId}</td><td class="untrusted">${x.callName}</td><td>${STATUS_WORDS[status] ?? status}</td><td>${x.final?.chargedCents === null || x.final === null ? '—' : dollars(x.final.chargedCents)}</td></tr>`;
})}</tbody></table>`;
}

connectionPages.get('/connections/:id', (c) => {
  const world = c.get('world');
  const conn = world.store.connections.get(c.req.param('id'));
  if (!conn) return pageResponse(c, 'Not found', html`<p>No connection with that id.</p>`, world.site.name, 404);
  return pageResponse(c, `Connection: ${conn.name}`, connectionBody(world, conn, c.req.query('done')), world.site.name);
});

connectionPages.post('/connections/:id', async (c) => {
  const world = c.get('world');
  const conn = world.store.connections.get(c.req.param('id'));
  if (!conn) return pageResponse(c, 'Not found', html`<p>No connection with that id.</p>`, world.site.name, 404);
  const form = await c.req.parseBody();
  const action = formString(form, 'action');
  if (conn.status === 'revoked') return c.redirect(`/connections/${encodeURIComponent(conn.id)}`, 303);
  let done = 'saved';
  if (action === 'revoke') {
    revokeConnection(world, conn);
    done = 'revoked';
  } else if (action === 'allow') {
    conn.agentStates.delete(formString(form, 'agentId'));
    done = 'allowed';
  } else {
    patchConnection(conn, {
      name: formString(form, 'name').slice(0, 80),
      switches: readSwitches(form),
      limits: readLimits(form, conn.limits),
      keepsFindings: readKeeps(form),
    });
  }
  return c.redirect(`/connections/${encodeURIComponent(conn.id)}?done=${done}`, 303);
});
