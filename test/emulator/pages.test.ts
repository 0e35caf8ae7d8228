import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { ConnectionSchema } from '@/lib/contract/connection';
import { FindingsAnswerSchema } from '@/lib/contract/findings';
import { SharedProjectsAnswerSchema } from '@/lib/contract/shares';
import { expectError, parse, useEmulator } from './harness';

const emu = useEmulator();

/** The page as a document (nothing in it runs), to look for buttons by name and for markup that must not be there. */
async function page(path: string) {
  const res = await fetch(`${emu.url}${path}`);
  const html = await res.text();
  const window = new Window({
    settings: {
      disableJavaScriptEvaluation: true,
      disableJavaScriptFileLoading: true,
      disableCSSFileLoading: true,
      disableIframePageLoading: true,
    },
  });
  window.document.write(html);
  const doc = window.document;
  const buttons = () => [...doc.querySelectorAll('button')].map((b) => b.textContent?.trim() ?? '');
  return { status: res.status, headers: res.headers, html, doc, buttons };
}

/** Posts a form the way a browser does and follows the redirect. */
async function submit(path: string, fields: Record<string, string>) {
  const res = await fetch(`${emu.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  if (res.status === 303) return page(res.headers.get('location') ?? '/');
  const html = await res.text();
  return { status: res.status, html };
}

async function spendingOffApproval(agentId = 'agt_security') {
  await emu.ctl('PATCH', '/connections/con_demo', { switches: { spending: false } });
  const body = { agentId, callId: 'question', question: 'Is my login flow safe against xss?', maxCents: 100 };
  const res = await emu.api('/calls', { body });
  return { id: expectError(res, 403, 'needs_approval').approvalId ?? '', body };
}

describe("the member's site pages", () => {
  it('are script-free HTML with a strict Content-Security-Policy', async () => {
    const home = await page('/');
    expect(home.status).toBe(200);
    expect(home.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(home.headers.get('content-type')).toMatch(/text\/html/);
    expect(home.doc.querySelectorAll('script')).toHaveLength(0);
    expect((await page('/approvals/apr_nothing')).status).toBe(404);
    expect((await page('/no/such/page')).status).toBe(404);
  });

  it('/connect makes a code with the chosen name, switches, limits and findings choice', async () => {
    const form = await page('/connect');
    expect(form.buttons()).toContain('Make a connect code');
    expect(form.doc.querySelector('input[name="callsPerDay"]')?.getAttribute('min')).toBe('10');
    const made = await submit('/connect', {
      member: 'mem_demo',
      name: '<b>Work</b> laptop',
      spending: 'on',
      files: 'on',
      sessionsPerDay: '2',
      callsPerDay: '15',
      openCallsMax: '2',
      keepsFindings: 'keep',
    });
    expect(made.status).toBe(201);
    const code = made.html.match(/id="connect-code"[^>]*>([A-Z0-9-]+)</)?.[1] ?? '';
    expect(code).toMatch(/^GLD-/);
    const claimed = await emu.api('/connections/claim', { key: null, body: { code } });
    const { key } = claimed.body as { key: string };
    const me = parse(ConnectionSchema, (await emu.api('/me', { key })).body);
    expect(me.connection.name).toBe('<b>Work</b> laptop');
    expect(me.switches).toEqual({
      sharing: false,
      files: true,
      spending: true,
      askBeforeNewAgent: false,
      tryNewAgents: false,
    });
    expect(me.limits).toMatchObject({ sessionsPerDay: 2, callsPerDay: 15, openCallsMax: 2 });
    expect(me.keepsFindings).toBe(true);
  });

  it('/connections/{id} changes switches, limits and the findings choice, and revokes', async () => {
    const { key, connectionId } = await emu.connect({ name: '<script>alert(1)</script>' });
    const view = await page(`/connections/${connectionId}`);
    expect(view.doc.querySelectorAll('script')).toHaveLength(0);
    expect(view.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(view.buttons()).toEqual(['Save changes', 'Revoke connection']);
    const saved = await submit(`/connections/${connectionId}`, {
      action: 'save',
      name: 'Renamed',
      askBeforeNewAgent: 'on',
      sessionsPerDay: '1',
      callsPerDay: '9',
      openCallsMax: '4',
      keepsFindings: 'dont',
    });
    expect('doc' in saved && saved.doc.querySelector('[role="status"]')?.textContent).toBe('Changes saved.');
    const me = parse(ConnectionSchema, (await emu.api('/me', { key })).body);
    expect(me.connection.name).toBe('Renamed');
    expect(me.switches).toEqual({
      sharing: false,
      files: false,
      spending: false,
      askBeforeNewAgent: true,
      tryNewAgents: false,
    });
    // 9 is under the least the member may set (10): the limit stays.
    expect(me.limits).toMatchObject({ sessionsPerDay: 1, callsPerDay: 20, openCallsMax: 4 });
    expect(me.keepsFindings).toBe(false);
    await submit(`/connections/${connectionId}`, { action: 'revoke' });
    expectError(await emu.api('/me', { key }), 401, 'key_revoked');
    expect((await page(`/connections/${connectionId}`)).buttons()).toEqual([]);
  });

  it('/connections/{id} logs every call through the connection', async () => {
    await emu.start({ agentId: 'agt_security', callId: 'question', question: 'xss?', maxCents: 50 });
    await emu.start({ agentId: 'agt_postgres', callId: 'question', question: 'vacuum?', maxCents: 50 });
    await emu.advance(10);
    const view = await page('/connections/con_demo');
    const rows = [...view.doc.querySelectorAll('tbody tr')].map((r) =>
      [...r.querySelectorAll('td')].slice(1).map((td) => td.textContent),
    );
    expect(rows).toContainEqual(['Postgres Tuning Guild', 'Ask a question', 'passed (charged)', '$0.23']);
    expect(rows).toContainEqual([
      "<img src=x onerror=alert('name')> Security Reviewer",
      'Ask a question',
      'failed (free)',
      '—',
    ]);
    expect(rows.some((r) => r[2] === 'returned (charge went back)')).toBe(true);
    expect(view.doc.querySelectorAll('img')).toHaveLength(0);
  });

  it('/connections/{id} lets the member allow a declined agent again', async () => {
    const { key, connectionId } = await emu.connect({ switches: { askBeforeNewAgent: true } });
    const refused = expectError(
      await emu.api('/calls', { key, body: { agentId: 'agt_shell', callId: 'question' } }),
      403,
      'needs_approval',
    );
    await emu.ctl('POST', `/approvals/${refused.approvalId}/decline`);
    const view = await page(`/connections/${connectionId}`);
    expect(view.buttons()).toContain('Allow Shell Script Doctor again');
    await submit(`/connections/${connectionId}`, { action: 'allow', agentId: 'agt_shell' });
    expect(
      expectError(
        await emu.api('/calls', { key, body: { agentId: 'agt_shell', callId: 'question' } }),
        403,
        'needs_approval',
      ).reason,
    ).toBe('new_agent');
  });

  it('/approvals/{id}: the member approves, and the same call then runs once', async () => {
    const { id, body } = await spendingOffApproval();
    const view = await page(`/approvals/${id}`);
    expect(view.buttons()).toEqual(['Approve', 'Decline']);
    // The agent's hostile name is text, never markup.
    expect(view.doc.querySelectorAll('img')).toHaveLength(0);
    expect(view.doc.body.textContent).toContain("<img src=x onerror=alert('name')> Security Reviewer");
    const approved = await submit(`/approvals/${id}`, { action: 'approve' });
    expect('doc' in approved && approved.doc.querySelector('#approval-status')?.textContent).toBe('approved');
    expect('buttons' in approved && approved.buttons()).toEqual([]);
    expect((await emu.api('/calls', { body: { ...body, approvalId: id } })).status).toBe(202);
    expect((await page(`/approvals/${id}`)).doc.querySelector('#approval-status')?.textContent).toBe('used');
  });

  it('a request carrying a key cannot approve, sign off or change a switch on the member pages', async () => {
    const { id, body } = await spendingOffApproval();
    const withKey = (path: string, fields: Record<string, string>) =>
      fetch(`${emu.url}${path}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Authorization: 'Bearer gpc_DEMO_local_emulator_key_not_a_secret_xxxxxx',
        },
        body: new URLSearchParams(fields).toString(),
        redirect: 'manual',
      });
    expect((await withKey(`/approvals/${id}`, { action: 'approve' })).status).toBe(403);
    expect((await withKey('/connections/con_demo', { action: 'switches', spending: 'on' })).status).toBe(403);
    expect((await page(`/approvals/${id}`)).doc.querySelector('#approval-status')?.textContent).toBe('pending');
    expectError(await emu.api('/calls', { body: { ...body, approvalId: id } }), 409, 'approval_not_usable');
  });

  it('/approvals/{id}: the member declines', async () => {
    const { id, body } = await spendingOffApproval('agt_postgres');
    await submit(`/approvals/${id}`, { action: 'decline' });
    expectError(await emu.api('/calls', { body: { ...body, approvalId: id } }), 409, 'approval_not_usable');
    const again = await submit(`/approvals/${id}`, { action: 'approve' });
    expect('doc' in again && again.doc.querySelector('[role="status"]')?.textContent).toBe(
      'This approval can no longer be changed.',
    );
  });

  it('/findings/drafts/{draftId}: hostile findings are text; sign off joins them', async () => {
    await emu.behaviour('agt_shell', {
      findings: [
        {
          kind: 'pitfall',
          topic: '<script>alert("topic")</script>',
          takeaway: '<img src=x onerror=alert(1)> [x](javascript:alert(1))',
          source: { url: 'javascript:alert(2)', kind: 'official_docs' },
        },
      ],
    });
    await emu.start({ agentId: 'agt_shell', callId: 'question', question: 'quoting?', maxCents: 100 });
    await emu.advance(10);
    const [finding] = parse(FindingsAnswerSchema, (await emu.api('/findings')).body).findings;
    expect(finding?.status).toBe('in_draft');
    const view = await page(new URL(finding?.signOffUrl ?? '').pathname);
    expect(view.buttons()).toEqual(['Sign off', 'Discard draft']);
    expect(view.doc.querySelectorAll('script, img, a[href^="javascript"]')).toHaveLength(0);
    expect(view.doc.body.textContent).toContain('<script>alert("topic")</script>');
    await submit(new URL(finding?.signOffUrl ?? '').pathname, { action: 'sign_off' });
    const [joined] = parse(FindingsAnswerSchema, (await emu.api('/findings')).body).findings;
    expect(joined?.status).toBe('joined');
  });

  it('/findings/drafts/{draftId}: discard', async () => {
    await emu.start({ agentId: 'agt_shell', callId: 'question', question: 'quoting?', maxCents: 100 });
    await emu.advance(10);
    const [finding] = parse(FindingsAnswerSchema, (await emu.api('/findings')).body).findings;
    const done = await submit(`/findings/drafts/${finding?.draftId}`, { action: 'discard' });
    expect('doc' in done && done.doc.querySelector('#draft-status')?.textContent).toBe('discarded');
    expect(parse(FindingsAnswerSchema, (await emu.api('/findings')).body).findings[0]?.status).toBe('discarded');
  });

  it('/shares/{draftId}/sign-off: sign off makes a shared project', async () => {
    const upload = (
      await emu.api('/files', {
        body: { name: '<img src=x onerror=alert(3)>.md', contentBase64: Buffer.from('# hi').toString('base64') },
      })
    ).body as { fileId: string };
    const draft = (await emu.api('/shares', { body: { title: '<script>alert("share")</script>Notes' } })).body as {
      draftId: string;
    };
    await emu.api(`/shares/${draft.draftId}/files`, { method: 'PUT', body: { fileIds: [upload.fileId] } });
    const packaged = (await emu.api(`/shares/${draft.draftId}/package`, { body: {} })).body as { signOffUrl: string };
    const view = await page(new URL(packaged.signOffUrl).pathname);
    expect(view.buttons()).toEqual(['Sign off', 'Discard draft']);
    expect(view.doc.querySelectorAll('script, img')).toHaveLength(0);
    await submit(new URL(packaged.signOffUrl).pathname, { action: 'sign_off' });
    const projects = parse(SharedProjectsAnswerSchema, (await emu.api('/shared-projects')).body).projects;
    expect(projects[0]?.untrustedTitle.untrustedText).toBe('<script>alert("share")</script>Notes');
  });

  it('/top-up adds credits', async () => {
    const view = await page('/top-up');
    expect(view.buttons()).toEqual(['Add credits']);
    expect(view.doc.querySelector('#spendable')?.textContent).toBe('$28.50');
    const after = await submit('/top-up', { member: 'mem_demo', dollars: '10' });
    expect('doc' in after && after.doc.querySelector('#spendable')?.textContent).toBe('$38.50');
    expect(parse(ConnectionSchema, (await emu.api('/me')).body).balance.purchasedCents).toBe(3000);
    await submit('/top-up', { member: 'mem_demo', dollars: '-5' });
    expect(parse(ConnectionSchema, (await emu.api('/me')).body).balance.purchasedCents).toBe(3000);
  });

  it('/agents/{slug} shows an agent; /sessions/{id} closes a session (G11)', async () => {
    const agent = await page('/agents/security-reviewer');
    expect(agent.status).toBe(200);
    expect(agent.doc.querySelectorAll('script, img, b')).toHaveLength(0);
    const { sessionId } = await emu.start({
      agentId: 'agt_postgres',
      callId: 'question',
      question: 'vacuum?',
      maxCents: 50,
    });
    const view = await page(`/sessions/${sessionId}`);
    expect(view.buttons()).toEqual(['Close session']);
    await submit(`/sessions/${sessionId}`, { action: 'close' });
    expectError(
      await emu.api('/calls', { body: { agentId: 'agt_postgres', callId: 'question', sessionId } }),
      409,
      'session_closed',
    );
  });
});
