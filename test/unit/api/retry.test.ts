import { describe, expect, it } from 'vitest';
import { type ApiClient, createClient } from '@/lib/api/client';
import { NetworkError } from '@/lib/api/errors';
import { isValidIdempotencyKey } from '@/lib/contract/calls';
import { newIdempotencyKey } from '@/lib/api/idempotency';
import { backoffDelay, DEFAULT_RETRY_POLICY, type RetryInfo } from '@/lib/api/retry';
import {
  apiError,
  callResult,
  FakeClock,
  fakeFetch,
  hang,
  json,
  KEY,
  type Reply,
  SITE,
  startCallAnswer,
  track,
} from './fixtures';

// Time is a FakeClock injected into the client: nothing really sleeps. Promises are followed with track()
// and read after the clock moved, so a wrong implementation fails a test instead of hanging it.

/** random() = 1 gives the full backoff delay, so timings are exact. */
function setup(random: () => number, ...replies: Reply[]) {
  const fake = fakeFetch(...replies);
  const retries: Array<Omit<RetryInfo, 'error'>> = [];
  const clock = new FakeClock();
  const api = createClient({ siteUrl: SITE, key: KEY, fetch: fake.fetch, random, clock });
  const onRetry = ({ attempt, delayMs, reason }: RetryInfo) => retries.push({ attempt, delayMs, reason });
  return { api, clock, requests: fake.requests, retries, onRetry };
}

const full = () => 1;
const body = { agentId: 'ag_1', callId: 'apply' };

describe('backoff', () => {
  it('starts at 0.5 s, doubles, is capped, and jitters between half and full', () => {
    const delays = [1, 2, 3, 4, 5, 6].map((n) => backoffDelay(n, DEFAULT_RETRY_POLICY, full));
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 8000]);
    expect(backoffDelay(1, DEFAULT_RETRY_POLICY, () => 0)).toBe(250);
    expect(backoffDelay(3, DEFAULT_RETRY_POLICY, () => 0.5)).toBe(1500);
  });
});

describe('retries of GETs', () => {
  it('500 then success: waits 0.5 s before the second attempt, not earlier', async () => {
    const { api, clock, requests, retries, onRetry } = setup(full, apiError(500, 'server_error'), json(callResult()));
    const done = track(api.getCall('run_1', { onRetry }));
    await clock.advance(0);
    expect(requests).toHaveLength(1);
    expect(retries).toEqual([{ attempt: 2, delayMs: 500, reason: 'server_error' }]);
    await clock.advance(499);
    expect(requests).toHaveLength(1);
    expect(done.settled).toBe(false);
    await clock.advance(1);
    expect(done.value()).toMatchObject({ runId: 'run_1' });
    expect(requests).toHaveLength(2);
  });

  it('network failures back off 0.5, 1, 2 s and give up after 3 retries', async () => {
    const { api, clock, requests, retries, onRetry } = setup(full, new TypeError('fetch failed'));
    const done = track(api.getCall('run_1', { onRetry }));
    await clock.runAll();
    expect(done.error()).toBeInstanceOf(NetworkError);
    expect(done.error()).toMatchObject({ kind: 'network', timedOut: false });
    expect(requests).toHaveLength(4);
    expect(retries).toEqual([
      { attempt: 2, delayMs: 500, reason: 'network' },
      { attempt: 3, delayMs: 1000, reason: 'network' },
      { attempt: 4, delayMs: 2000, reason: 'network' },
    ]);
  });

  it('jitter comes from the injected random', async () => {
    const { api, clock, retries, onRetry } = setup(() => 0, new TypeError('fetch failed'), json(callResult()));
    const done = track(api.getCall('run_1', { onRetry }));
    await clock.runAll();
    expect(done.value()).toMatchObject({ runId: 'run_1' });
    expect(retries[0]?.delayMs).toBe(250);
  });

  it('429 rate_limited waits its Retry-After exactly', async () => {
    const { api, clock, requests, retries, onRetry } = setup(
      full,
      apiError(429, 'rate_limited', {}, { 'Retry-After': '3' }),
      json(callResult()),
    );
    const done = track(api.getCall('run_1', { onRetry }));
    await clock.advance(2999);
    expect(requests).toHaveLength(1);
    await clock.advance(1);
    expect(done.value()).toMatchObject({ runId: 'run_1' });
    expect(requests).toHaveLength(2);
    expect(retries).toEqual([{ attempt: 2, delayMs: 3000, reason: 'rate_limited' }]);
  });

  it('a Retry-After beyond the cap is handed to the caller instead of waited for', async () => {
    const { api, clock, requests } = setup(full, apiError(429, 'rate_limited', {}, { 'Retry-After': '3600' }));
    const done = track(api.getCall('run_1'));
    await clock.runAll();
    expect(done.error()).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 3600 });
    expect(requests).toHaveLength(1);
  });

  it('a 5xx whose body is not JSON is retried like server_error', async () => {
    const { api, clock, requests } = setup(full, new Response('<h1>502</h1>', { status: 502 }), json(callResult()));
    const done = track(api.getCall('run_1'));
    await clock.runAll();
    expect(done.value()).toMatchObject({ runId: 'run_1' });
    expect(requests).toHaveLength(2);
  });

  it('a refusal is not retried', async () => {
    const { api, clock, requests } = setup(full, apiError(404, 'not_found'));
    const done = track(api.getCall('run_1'));
    await clock.runAll();
    expect(done.error()).toMatchObject({ code: 'not_found' });
    expect(requests).toHaveLength(1);
  });

  it('a malformed 200 is not retried', async () => {
    const { api, clock, requests } = setup(full, new Response('nope'));
    const done = track(api.getCall('run_1'));
    await clock.runAll();
    expect(done.error()).toMatchObject({ kind: 'malformed' });
    expect(requests).toHaveLength(1);
  });
});

describe('requests that must not be sent twice', () => {
  it.each<[string, (api: ApiClient) => Promise<unknown>]>([
    ['find', (api: ApiClient) => api.find('a CLI in Rust')],
    ['claim', (api: ApiClient) => api.claim('GLD-AB2C-9DKE')],
    ['createSession', (api: ApiClient) => api.createSession({ agentId: 'ag_1', way: 'plan' })],
    ['quoteCall', (api: ApiClient) => api.quoteCall(body)],
  ])('%s is sent once on 500 and on a network failure', async (_name, run) => {
    for (const reply of [apiError(500, 'server_error'), new TypeError('fetch failed')]) {
      const { api, clock, requests } = setup(full, reply);
      const done = track(run(api));
      await clock.runAll();
      expect(done.error()).toMatchObject({ retryable: true });
      expect(requests).toHaveLength(1);
    }
  });
});

describe('Idempotency-Key', () => {
  it('a retried POST /calls resends the same key and the same body', async () => {
    const { api, clock, requests, retries, onRetry } = setup(
      full,
      new TypeError('fetch failed'),
      apiError(500, 'server_error'),
      apiError(409, 'idempotency_in_progress'),
      json(startCallAnswer(), 202),
    );
    const done = track(api.startCall(body, { onRetry }));
    await clock.runAll();
    expect(done.value()).toMatchObject({ runId: 'run_1' });
    expect(requests).toHaveLength(4);
    const keys = requests.map((r) => r.headers.get('Idempotency-Key'));
    expect(new Set(keys).size).toBe(1);
    expect(isValidIdempotencyKey(keys[0] ?? '')).toBe(true);
    expect(requests.every((r) => JSON.stringify(r.body) === JSON.stringify(body))).toBe(true);
    expect(retries.map((r) => [r.reason, r.delayMs])).toEqual([
      ['network', 500],
      ['server_error', 1000],
      ['idempotency_in_progress', 2000],
    ]);
  });

  it('the caller can choose the key before sending', async () => {
    const key = newIdempotencyKey();
    const { api, clock, requests } = setup(full, apiError(500, 'server_error'), json(startCallAnswer(), 202));
    const done = track(api.startCall(body, { idempotencyKey: key }));
    await clock.runAll();
    expect(done.value()).toMatchObject({ runId: 'run_1' });
    expect(requests.map((r) => r.headers.get('Idempotency-Key'))).toEqual([key, key]);
  });

  it('a different request gets a new key (e.g. resent with approvalId)', async () => {
    const { api, clock, requests } = setup(
      full,
      apiError(403, 'needs_approval', { approvalId: 'ap_1' }),
      json(startCallAnswer(), 202),
    );
    const first = track(api.startCall(body));
    await clock.runAll();
    expect(first.error()).toMatchObject({ code: 'needs_approval' });
    const second = track(api.startCall({ ...body, approvalId: 'ap_1' }));
    await clock.runAll();
    expect(second.value()).toMatchObject({ runId: 'run_1' });
    const [a, b] = requests.map((r) => r.headers.get('Idempotency-Key'));
    expect(a).toBeTruthy();
    expect(b).toBeTruthy();
    expect(b).not.toBe(a);
  });

  it('stop and report always carry a key and are retried with it', async () => {
    const { api, clock, requests } = setup(
      full,
      apiError(500, 'server_error'),
      json({ runId: 'run_1', stopped: true }),
      apiError(500, 'server_error'),
      json({ verdict: 'helped', reasonKind: null, recorded: true }),
    );
    const stop = track(api.stopCall('run_1'));
    await clock.runAll();
    expect(stop.value()).toEqual({ runId: 'run_1', stopped: true });
    const report = track(api.reportCall('run_1', { verdict: 'helped' }));
    await clock.runAll();
    expect(report.value()).toMatchObject({ recorded: true });
    const keys = requests.map((r) => r.headers.get('Idempotency-Key'));
    expect(keys.every((k) => k !== null)).toBe(true);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).toBe(keys[3]);
    expect(keys[0]).not.toBe(keys[2]);
  });

  it('two keys made in a row differ and are UUID v4', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });

  it('an invalid key supplied by the caller is refused before sending', async () => {
    const { api, requests } = setup(full, json(startCallAnswer(), 202));
    await expect(api.startCall(body, { idempotencyKey: '' })).rejects.toMatchObject({ kind: 'local' });
    await expect(api.startCall(body, { idempotencyKey: 'é' })).rejects.toMatchObject({ kind: 'local' });
    await expect(api.startCall(body, { idempotencyKey: 'x'.repeat(256) })).rejects.toMatchObject({ kind: 'local' });
    expect(requests).toHaveLength(0);
  });
});

describe('timeouts and cancelling', () => {
  it('a request that hangs times out after 25 s as a network error, then is retried', async () => {
    const { api, clock, requests, retries, onRetry } = setup(full, hang, json(callResult()));
    const done = track(api.getCall('run_1', { onRetry }));
    await clock.advance(24_999);
    expect(retries).toHaveLength(0);
    await clock.advance(1);
    expect(retries).toEqual([{ attempt: 2, delayMs: 500, reason: 'timeout' }]);
    await clock.advance(500);
    expect(done.value()).toMatchObject({ runId: 'run_1' });
    expect(requests).toHaveLength(2);
  });

  it('a timed-out find is a network error with timedOut, sent once', async () => {
    const { api, clock, requests } = setup(full, hang);
    const done = track(api.find('a CLI in Rust'));
    await clock.advance(25_000);
    expect(done.error()).toMatchObject({ kind: 'network', timedOut: true });
    expect(requests).toHaveLength(1);
  });

  it('aborting during a request gives an aborted error', async () => {
    const { api, clock } = setup(full, hang);
    const controller = new AbortController();
    const done = track(api.getCall('run_1', { signal: controller.signal }));
    await clock.advance(10);
    controller.abort();
    await clock.advance(0);
    expect(done.error()).toMatchObject({ kind: 'aborted' });
  });

  it('aborting during a retry wait stops at once, without another attempt', async () => {
    const { api, clock, requests, retries, onRetry } = setup(full, apiError(500, 'server_error'), json(callResult()));
    const controller = new AbortController();
    const done = track(api.getCall('run_1', { signal: controller.signal, onRetry }));
    await clock.advance(100);
    expect(retries).toHaveLength(1);
    controller.abort();
    await clock.advance(0);
    expect(done.error()).toMatchObject({ kind: 'aborted' });
    await clock.runAll();
    expect(requests).toHaveLength(1);
  });

  it('an already aborted signal sends nothing', async () => {
    const { api, requests } = setup(full, json(callResult()));
    await expect(api.getCall('run_1', { signal: AbortSignal.abort() })).rejects.toMatchObject({ kind: 'aborted' });
    expect(requests).toHaveLength(0);
  });
});

describe('a request the caller holds back', () => {
  it('asks before every attempt: what it throws ends the request unsent, a first attempt or a retry', async () => {
    const paused = new Error('paused');
    const fake = fakeFetch(apiError(500, 'server_error'), json(callResult()));
    const clock = new FakeClock();
    let attempts = 0;
    const api = createClient({
      siteUrl: SITE,
      key: KEY,
      fetch: fake.fetch,
      random: full,
      clock,
      beforeAttempt: async () => {
        attempts++;
        if (attempts > 1) throw paused;
      },
    });
    const held = track(api.getCall('run_1'));
    await clock.advance(500);
    expect(fake.requests).toHaveLength(1);
    expect(held.error()).toBe(paused);
    const never = createClient({
      siteUrl: SITE,
      key: KEY,
      fetch: fake.fetch,
      random: full,
      clock,
      beforeAttempt: async () => Promise.reject(paused),
    });
    const first = track(never.getCall('run_1'));
    await clock.advance(0);
    expect(first.error()).toBe(paused);
    expect(fake.requests).toHaveLength(1);
  });
});
