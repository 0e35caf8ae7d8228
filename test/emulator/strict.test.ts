/**
 * The strict profile: a site that keeps the contract but answers none of the endpoints the contract names
 * without a shape, serves signed file links from a host of its own, and keeps the member's pages under other
 * paths than the default profile's. The extension's suites run against it too.
 */
import { describe, expect, it } from 'vitest';
import { CallResultSchema, StartCallAnswerSchema } from '@/lib/contract/calls';
import { isUnshaped, UNSHAPED_ENDPOINTS } from '@/emulator/site-paths';
import { expectError, parse, useEmulator } from './harness';

const emu = useEmulator({ profile: 'strict' });

/** One request for each endpoint the contract names without a shape. */
const UNSHAPED_SAMPLES: readonly [string, string][] = [
  ['POST', '/api/v1/sessions'],
  ['PUT', '/api/v1/sessions/ses_1/answers'],
  ['PUT', '/api/v1/sessions/ses_1/details'],
  ['GET', '/api/v1/sessions/ses_1/plan'],
  ['POST', '/api/v1/calls/quote'],
  ['GET', '/api/v1/approvals/apr_1'],
  ['GET', '/api/v1/agents'],
  ['GET', '/api/v1/agents/agt_postgres'],
  ['POST', '/api/v1/files'],
  ['GET', '/api/v1/files/fil_1'],
  ['POST', '/api/v1/sharing/coverage'],
  ['POST', '/api/v1/shares'],
  ['PUT', '/api/v1/shares/shd_1/files'],
  ['POST', '/api/v1/shares/shd_1/package'],
  ['GET', '/api/v1/shares/shd_1'],
  ['GET', '/api/v1/shared-projects'],
];

describe('strict profile', () => {
  it('answers a plain 404 page, without an API code, to every endpoint named without a shape, with or without a key', async () => {
    expect(UNSHAPED_SAMPLES.length).toBe(UNSHAPED_ENDPOINTS.length);
    for (const [method, path] of UNSHAPED_SAMPLES) {
      expect(isUnshaped(method, path), `${method} ${path}`).toBe(true);
      const body = method === 'GET' ? undefined : {};
      for (const key of [undefined, null]) {
        const res = await emu.request(path, { method, body, key });
        expect(res.status, `${method} ${path}`).toBe(404);
        // Not JSON: a site without the route, not the API's "nothing with that id" (lib/api/capabilities).
        expect(res.body).toBe('404 Not Found');
      }
    }
    // The shaped neighbours of those paths are not caught.
    expect(isUnshaped('GET', '/api/v1/sessions/ses_1')).toBe(false);
    expect(isUnshaped('GET', '/api/v1/agents/agt_postgres/calls/apply/preview')).toBe(false);
  });

  it('keeps every shaped endpoint: a session opens with its first call and is read with GET /sessions/{id}', async () => {
    const started = parse(
      StartCallAnswerSchema,
      (await emu.api('/calls', { body: { agentId: 'agt_postgres', callId: 'apply', details: 'A read replica' } })).body,
    );
    const session = await emu.api(`/sessions/${started.sessionId}`);
    expect(session.status).toBe(200);
    expect((await emu.api('/agents/agt_postgres/calls/apply/preview')).status).toBe(200);
    expect((await emu.api('/me')).status).toBe(200);
    expect((await emu.api('/find', { body: { description: 'postgres replication' } })).status).toBe(200);
  });

  it('serves signed file links from a second loopback host, without a key', async () => {
    const { runId } = await emu.start({ agentId: 'agt_shell', callId: 'question', question: 'Why does it exit?' });
    await emu.advance(120);
    const result = parse(CallResultSchema, (await emu.api(`/calls/${runId}`)).body);
    expect(result.files.length).toBeGreaterThan(0);
    for (const file of result.files) {
      const url = new URL(file.url);
      expect(url.origin).not.toBe(emu.url);
      expect(url.hostname).toBe('127.0.0.2');
      expect(url.pathname.startsWith('/dl/')).toBe(true);
    }
    const res = await fetch(result.files[0]?.url ?? '');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    const log = await emu.ctl<{ requests: { path: string; authorization: boolean }[] }>(
      'GET',
      '/requests?path=%2Fdl%2F',
    );
    expect(log.requests.map((r) => r.authorization)).toEqual([false]);
  });

  it('puts the approval, sign-off and top-up pages under other paths than the default profile', async () => {
    const { key } = await emu.connect({ switches: { spending: false } });
    const refused = expectError(
      await emu.api('/calls', { key, body: { agentId: 'agt_postgres', callId: 'question', question: 'Index?' } }),
      403,
      'needs_approval',
    );
    const approvalUrl = new URL(String(refused.approvalUrl));
    expect(approvalUrl.origin).toBe(emu.url);
    expect(approvalUrl.pathname.startsWith('/approvals/')).toBe(false);
    expect((await emu.request(approvalUrl.pathname, { key: null })).status).toBe(200);
    expect((await emu.request(`/approvals/${String(refused.approvalId)}`, { key: null })).status).toBe(404);
    const page = await emu.request(approvalUrl.pathname, { key: null });
    expect(page.text).toContain(`action="${approvalUrl.pathname}"`);
    expect((await emu.request('/billing/credits', { key: null })).status).toBe(200);
    expect((await emu.request('/top-up', { key: null })).status).toBe(404);
  });
});
