import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SEED_PATH } from '@/emulator/seed';
import { startEmulator } from '@/emulator/index';
import { ConnectionSchema } from '@/lib/contract/connection';
import { DEMO_KEY, Emu, expectError, parse, useEmulator } from './harness';

const emu = useEmulator();

describe('bodies and paths', () => {
  it('413 too_large over 64 KB (65,536 UTF-8 bytes); 1 MB for a package', async () => {
    const pad = (bytes: number) => ({ description: 'postgres', pad: 'x'.repeat(bytes - 35) });
    expect(Buffer.byteLength(JSON.stringify(pad(64_000)))).toBe(64_000);
    expect((await emu.api('/find', { body: pad(64_000) })).status).toBe(200);
    expectError(await emu.api('/find', { body: pad(65_537) }), 413, 'too_large');
    const draft = (await emu.api('/shares', { body: { title: 'x' } })).body as { draftId: string };
    const big = JSON.stringify({ pad: 'x'.repeat(500_000) });
    expectError(await emu.api(`/shares/${draft.draftId}/package`, { raw: big }), 400, 'invalid_package');
    const tooBig = JSON.stringify({ pad: 'x'.repeat(1_048_577) });
    expectError(await emu.api(`/shares/${draft.draftId}/package`, { raw: tooBig }), 413, 'too_large');
  });

  it('400 invalid_json for a body that is not JSON', async () => {
    expectError(await emu.api('/find', { raw: '{description: postgres}' }), 400, 'invalid_json');
    expectError(await emu.api('/sessions', { raw: '' }), 400, 'invalid_json');
  });

  it('410 retired for version 2 and 3 paths and the old key endpoint, with or without a key', async () => {
    expectError(await emu.request('/api/v3/agents', { key: null }), 410, 'retired');
    expectError(await emu.request('/api/v3/calls', { method: 'POST', body: {} }), 410, 'retired');
    expectError(await emu.request('/api/v2/me'), 410, 'retired');
    expectError(await emu.api('/keys', { key: null }), 410, 'retired');
  });

  it('404 not_found for unknown API paths; the control API is never under /api/v1', async () => {
    expectError(await emu.api('/nothing-here'), 404, 'not_found');
    expectError(await emu.api('/_emulator/reset', { body: {} }), 404, 'not_found');
    expectError(await emu.request('/api/v1/_emulator/clock'), 404, 'not_found');
  });
});

describe('the control API', () => {
  it('logs API requests: method, path, Idempotency-Key, whether a key was sent, body', async () => {
    await emu.ctl('DELETE', '/requests');
    await emu.api('/calls', { body: { agentId: 'agt_postgres', callId: 'question', question: 'q?' }, idem: 'idem-1' });
    await emu.api('/me', { key: null });
    await emu.api('/find', { raw: 'not json' });
    const { requests } = await emu.ctl<{ requests: Record<string, unknown>[] }>('GET', '/requests?path=/api/v1/');
    expect(requests).toHaveLength(3);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/v1/calls',
      idempotencyKey: 'idem-1',
      authorization: true,
      body: { agentId: 'agt_postgres', callId: 'question', question: 'q?' },
      status: 202,
    });
    expect(requests[1]).toMatchObject({
      method: 'GET',
      path: '/api/v1/me',
      idempotencyKey: null,
      authorization: false,
      body: null,
      status: 401,
    });
    expect(requests[2]).toMatchObject({ body: 'not json', status: 400 });
  });

  it('faults: a status for the next count matching requests, 429 with Retry-After, then back to normal', async () => {
    await emu.ctl('POST', '/faults', { path: '/api/v1/me', status: 503, count: 2 });
    expectError(await emu.api('/me'), 503, 'not_available');
    expectError(await emu.api('/me'), 503, 'not_available');
    expect((await emu.api('/me')).status).toBe(200);
    await emu.ctl('POST', '/faults', { method: 'GET', path: '/api/v1/calls/*', status: 429, retryAfter: 7, count: 1 });
    await emu.ctl('POST', '/faults', { path: '/api/v1/find', status: 500, count: 1 });
    const limited = await emu.api('/calls/run_x');
    expectError(limited, 429, 'rate_limited');
    expect(limited.headers.get('Retry-After')).toBe('7');
    expectError(await emu.api('/find', { body: { description: 'postgres' } }), 500, 'server_error');
    expect((await emu.api('/find', { body: { description: 'postgres' } })).status).toBe(200);
    const faulted = await emu.request('/_emulator/faults', {
      method: 'POST',
      key: null,
      body: { path: '/api/v1/me', count: 1 },
    });
    expectError(faulted, 400, 'invalid_input');
  });

  it('a redirecting fault answers 307 with its Location and processes nothing; a 3xx needs redirectTo', async () => {
    const made = await emu.ctl<{ code: string }>('POST', '/connect-codes', {});
    await emu.ctl('POST', '/faults', {
      method: 'POST',
      path: '/api/v1/connections/claim',
      redirectTo: 'http://127.0.0.1:9/elsewhere',
    });
    const redirected = await emu.api('/connections/claim', { key: null, body: { code: made.code } });
    expect(redirected.status).toBe(307);
    expect(redirected.headers.get('Location')).toBe('http://127.0.0.1:9/elsewhere');
    expect(redirected.text).toBe('');
    // The code was not used by the redirected request: it still claims.
    expect((await emu.api('/connections/claim', { key: null, body: { code: made.code } })).status).toBe(200);
    await emu.ctl('POST', '/faults', { path: '/api/v1/me', status: 308, redirectTo: 'https://example.com/me' });
    const moved = await emu.api('/me');
    expect([moved.status, moved.headers.get('Location')]).toEqual([308, 'https://example.com/me']);
    for (const bad of [
      { path: '/api/v1/me', status: 307 },
      { path: '/api/v1/me', status: 503, redirectTo: 'https://example.com/' },
      { path: '/api/v1/me', redirectTo: 'not an address' },
    ]) {
      expectError(
        await emu.request('/_emulator/faults', { method: 'POST', key: null, body: bad }),
        400,
        'invalid_input',
      );
    }
  });

  it('an omitting fault processes the request and leaves the named fields out of its 2xx answer', async () => {
    await emu.ctl('POST', '/faults', { method: 'POST', path: '/api/v1/calls', omit: ['today', 'holdCents'] });
    const body = { agentId: 'agt_postgres', callId: 'question', question: 'Which index for LIKE?' };
    const answer = await emu.api('/calls', { body });
    expect(answer.status).toBe(202);
    const read = answer.body as Record<string, unknown>;
    expect(typeof read.runId).toBe('string');
    expect('today' in read || 'holdCents' in read).toBe(false);
    // It was started: the run is there to read.
    expect((await emu.api(`/calls/${String(read.runId)}`)).status).toBe(200);
  });

  it('a setting fault processes the request and sets the named fields of its 2xx answer, nested or not', async () => {
    const opened = await emu.api('/sessions', {
      body: { agentId: 'agt_postgres', way: 'plan', details: 'A read replica for Postgres 16' },
    });
    expect(opened.status).toBe(201);
    const { sessionId } = opened.body as { sessionId: string };
    const fit = { et_5f: -87677952.16 };
    await emu.ctl('POST', '/faults', {
      method: 'GET',
      path: '/api/v1/sessions/*',
      set: [
        { path: 'questions.pass.fit', value: fit },
        { path: 'calls', value: -3 },
        { path: 'nowhere.to.go', value: 1 },
      ],
    });
    const odd = (await emu.api(`/sessions/${sessionId}`)).body as Record<string, unknown>;
    expect(odd.calls).toBe(-3);
    expect('nowhere' in odd).toBe(false);
    expect((odd.questions as { pass: { fit: unknown } }).pass.fit).toEqual(fit);
    // Once: the next read is the site's own answer.
    expect(((await emu.api(`/sessions/${sessionId}`)).body as { calls: number }).calls).toBe(0);
    expectError(
      await emu.request('/_emulator/faults', {
        method: 'POST',
        key: null,
        body: { path: '/api/v1/me', set: [{ path: 'a..b', value: 1 }] },
      }),
      400,
      'invalid_input',
    );
  });

  it('a delayed request answers late; a fault on a method leaves other methods alone', async () => {
    await emu.ctl('POST', '/faults', { method: 'POST', path: '/api/v1/find', delayMs: 250, count: 1 });
    expect((await emu.api('/me')).status).toBe(200);
    const started = performance.now();
    expect((await emu.api('/find', { body: { description: 'postgres' } })).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(240);
  });

  it('reset brings back the seed; the clock answers its time; credits and suspension are set', async () => {
    await emu.ctl('POST', '/members/mem_demo/credits', { purchasedCents: 1 });
    const before = Date.parse((await emu.ctl<{ now: string }>('GET', '/clock')).now);
    const after = Date.parse((await emu.ctl<{ now: string }>('POST', '/clock', { advanceSeconds: 3600 })).now);
    expect(after - before).toBe(3600_000);
    await emu.ctl('POST', '/reset');
    expect(parse(ConnectionSchema, (await emu.api('/me')).body).balance.purchasedCents).toBe(2000);
    expectError(
      await emu.request('/_emulator/members/mem_nobody/suspend', { method: 'POST', key: null }),
      404,
      'not_found',
    );
    expectError(
      await emu.request('/_emulator/clock', { method: 'POST', key: null, body: { advanceSeconds: -5 } }),
      400,
      'invalid_input',
    );
  });
});

describe('request rate limit (G18)', () => {
  it("answers 429 rate_limited with Retry-After beyond the connection's requests a minute", async () => {
    const seed = JSON.parse(readFileSync(DEFAULT_SEED_PATH, 'utf8'));
    seed.site.requestsPerMinute = 5;
    const small = new Emu(await startEmulator({ port: 0, seed, clock: { realTime: false } }));
    try {
      for (let i = 0; i < 5; i++) expect((await small.api('/me')).status).toBe(200);
      const limited = await small.api('/me');
      expectError(limited, 429, 'rate_limited');
      expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThanOrEqual(59);
      // Other connections have their own count.
      const { key } = await small.connect();
      expect((await small.api('/me', { key })).status).toBe(200);
      await small.advance(60);
      expect((await small.api('/me', { key: DEMO_KEY })).status).toBe(200);
    } finally {
      await small.running.close();
    }
  });
});
