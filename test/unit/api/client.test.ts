import { describe, expect, it } from 'vitest';
import { type ApiClient, createClient } from '@/lib/api/client';
import { LocalRefusal, MalformedAnswerError } from '@/lib/api/errors';
import { setTestLocale } from '@/test/unit/setup/i18n';
import {
  AT,
  agentCard,
  approval,
  callResult,
  claimAnswer,
  connection,
  fakeFetch,
  finding,
  json,
  KEY,
  plan,
  preview,
  questions,
  type Reply,
  reportAnswer,
  SITE,
  session,
  shareDraft,
  sharedProjects,
  startCallAnswer,
  ut,
} from './fixtures';
import { errorWords } from '@/lib/words/errors';

function client(...replies: Reply[]) {
  const fake = fakeFetch(...replies);
  return { api: createClient({ siteUrl: SITE, key: KEY, fetch: fake.fetch }), requests: fake.requests };
}

const API = `${SITE}/api/v1`;

interface EndpointCase {
  name: string;
  reply: Response;
  run: (api: ApiClient) => Promise<unknown>;
  method: string;
  url: string;
  body?: unknown;
  /** The Idempotency-Key the request must carry; absent: none. */
  idempotencyKey?: string;
  check: (answer: unknown) => void;
}

const cases: EndpointCase[] = [
  {
    name: 'me',
    reply: json(connection({ spentSinceCents: 40 })),
    run: (api) => api.me({ spentSince: '2026-05-01T00:00:00+02:00' }),
    method: 'GET',
    url: `${API}/me?spentSince=2026-05-01T00%3A00%3A00%2B02%3A00`,
    check: (a) => expect(a).toMatchObject({ spentSinceCents: 40, connection: { id: 'con_1' } }),
  },
  {
    name: 'find',
    reply: json({ agents: [agentCard()] }),
    run: (api) => api.find('A CLI in Rust that parses logs'),
    method: 'POST',
    url: `${API}/find`,
    body: { description: 'A CLI in Rust that parses logs' },
    check: (a) => expect(a).toMatchObject({ agents: [{ agentId: 'ag_1', connection: 'allowed' }] }),
  },
  {
    name: 'preview',
    reply: json(preview()),
    run: (api) => api.preview('ag_1', 'apply', { sessionId: 'ses_1' }),
    method: 'GET',
    url: `${API}/agents/ag_1/calls/apply/preview?sessionId=ses_1`,
    check: (a) => expect(a).toMatchObject({ limitCents: 500, fit: { verdict: 'unclear' } }),
  },
  {
    name: 'quoteCall',
    reply: json(
      preview({ fit: { verdict: 'fits', sentence: null, otherAgent: null, choice: null, canStartAgent: true } }),
    ),
    run: (api) => api.quoteCall({ agentId: 'ag_1', callId: 'apply', details: 'a CLI' }),
    method: 'POST',
    url: `${API}/calls/quote`,
    body: { agentId: 'ag_1', callId: 'apply', details: 'a CLI' },
    check: (a) => expect(a).toMatchObject({ fit: { verdict: 'fits' } }),
  },
  {
    name: 'startCall',
    reply: json(startCallAnswer(), 202),
    run: (api) => api.startCall({ agentId: 'ag_1', callId: 'apply', maxCents: 200 }, { idempotencyKey: 'k-1' }),
    method: 'POST',
    url: `${API}/calls`,
    body: { agentId: 'ag_1', callId: 'apply', maxCents: 200 },
    idempotencyKey: 'k-1',
    check: (a) => expect(a).toMatchObject({ status: 'started', runId: 'run_1' }),
  },
  {
    name: 'getCall',
    reply: json(callResult()),
    run: (api) => api.getCall('run/1'),
    method: 'GET',
    url: `${API}/calls/run%2F1`,
    check: (a) => expect(a).toMatchObject({ status: 'passed', charge: { chargedCents: 12 } }),
  },
  {
    name: 'stopCall',
    reply: json({ runId: 'run_1', stopped: true }),
    run: (api) => api.stopCall('run_1', { idempotencyKey: 'k-2' }),
    method: 'POST',
    url: `${API}/calls/run_1/stop`,
    body: {},
    idempotencyKey: 'k-2',
    check: (a) => expect(a).toEqual({ runId: 'run_1', stopped: true }),
  },
  {
    name: 'reportCall',
    reply: json(reportAnswer()),
    run: (api) =>
      api.reportCall(
        'run_1',
        { verdict: 'did_not_help', reasonKind: 'outdated', reason: 'Old API' },
        { idempotencyKey: 'k-3' },
      ),
    method: 'POST',
    url: `${API}/calls/run_1/report`,
    body: { verdict: 'did_not_help', reasonKind: 'outdated', reason: 'Old API' },
    idempotencyKey: 'k-3',
    check: (a) => expect(a).toEqual({ verdict: 'did_not_help', reasonKind: 'outdated', recorded: true }),
  },
  {
    name: 'getSession',
    reply: json(session()),
    run: (api) => api.getSession('ses_1'),
    method: 'GET',
    url: `${API}/sessions/ses_1`,
    check: (a) =>
      expect(a).toMatchObject({ status: 'open', results: [{ runId: 'run_1' }], questions: { gate: { ready: true } } }),
  },
  {
    name: 'listFindings',
    reply: json({ findings: [finding()] }),
    run: (api) => api.listFindings(),
    method: 'GET',
    url: `${API}/findings`,
    check: (a) => expect(a).toMatchObject({ findings: [{ status: 'in_draft', learnedAt: '2026-04-30' }] }),
  },
  {
    name: 'createSession',
    reply: json(session({ calls: 0, results: [] }), 201),
    run: (api) => api.createSession({ agentId: 'ag_1', way: 'plan', details: 'A CLI' }),
    method: 'POST',
    url: `${API}/sessions`,
    body: { agentId: 'ag_1', way: 'plan', details: 'A CLI' },
    check: (a) => expect(a).toMatchObject({ sessionId: 'ses_1', calls: 0 }),
  },
  {
    name: 'putAnswers',
    reply: json(questions()),
    run: (api) => api.putAnswers('ses_1', { target_os: { kind: 'option', optionKeys: ['all'] } }),
    method: 'PUT',
    url: `${API}/sessions/ses_1/answers`,
    body: { answers: { target_os: { kind: 'option', optionKeys: ['all'] } } },
    check: (a) => expect(a).toMatchObject({ gate: { ready: true } }),
  },
  {
    name: 'putDetails',
    reply: json(questions()),
    run: (api) => api.putDetails('ses_1', 'A CLI that parses logs'),
    method: 'PUT',
    url: `${API}/sessions/ses_1/details`,
    body: { details: 'A CLI that parses logs' },
    check: (a) => expect(a).toMatchObject({ way: 'plan' }),
  },
  {
    name: 'getPlan',
    reply: json(plan()),
    run: (api) => api.getPlan('ses_1'),
    method: 'GET',
    url: `${API}/sessions/ses_1/plan`,
    check: (a) => expect(a).toMatchObject({ version: 1, untrustedMarkdown: ut('# Plan') }),
  },
  {
    name: 'getApproval',
    reply: json(approval()),
    run: (api) => api.getApproval('ap_1'),
    method: 'GET',
    url: `${API}/approvals/ap_1`,
    check: (a) => expect(a).toMatchObject({ status: 'pending', reason: 'new_agent' }),
  },
  {
    name: 'uploadFile',
    reply: json({ fileId: 'f_9', untrustedPath: ut('a.txt'), sizeBytes: 5, active: false, expiresAt: AT }, 201),
    run: (api) => api.uploadFile({ name: 'a.txt', contentBase64: 'aGVsbG8=', sessionId: 'ses_1' }),
    method: 'POST',
    url: `${API}/files`,
    body: { name: 'a.txt', contentBase64: 'aGVsbG8=', sessionId: 'ses_1' },
    check: (a) => expect(a).toMatchObject({ fileId: 'f_9', sizeBytes: 5 }),
  },
  {
    name: 'coverage',
    reply: json({
      covered: true,
      agents: [{ agentId: 'ag_1', slug: 'rust-helper', untrustedName: ut('R'), matchBps: 9000 }],
    }),
    run: (api) => api.coverage('Rust command line tools'),
    method: 'POST',
    url: `${API}/sharing/coverage`,
    body: { description: 'Rust command line tools' },
    check: (a) => expect(a).toMatchObject({ covered: true }),
  },
  {
    name: 'createShare',
    reply: json(shareDraft(), 201),
    run: (api) => api.createShare({ title: 'My CLI', description: 'Log parser', agentId: null }),
    method: 'POST',
    url: `${API}/shares`,
    body: { title: 'My CLI', description: 'Log parser', agentId: null },
    check: (a) => expect(a).toMatchObject({ draftId: 'dr_9', status: 'open' }),
  },
  {
    name: 'putShareFiles',
    reply: json(shareDraft({ files: [{ fileId: 'f_9', untrustedPath: ut('a.txt'), sizeBytes: 5, active: false }] })),
    run: (api) => api.putShareFiles('dr_9', ['f_9']),
    method: 'PUT',
    url: `${API}/shares/dr_9/files`,
    body: { fileIds: ['f_9'] },
    check: (a) => expect(a).toMatchObject({ files: [{ fileId: 'f_9' }] }),
  },
  {
    name: 'packageShare',
    reply: json(
      shareDraft({ status: 'waiting_sign_off', signOffUrl: `${SITE}/shares/dr_9/sign-off`, packageBytes: 5 }),
    ),
    run: (api) => api.packageShare('dr_9'),
    method: 'POST',
    url: `${API}/shares/dr_9/package`,
    body: {},
    check: (a) => expect(a).toMatchObject({ status: 'waiting_sign_off', packageBytes: 5 }),
  },
  {
    name: 'getShare',
    reply: json(shareDraft()),
    run: (api) => api.getShare('dr_9'),
    method: 'GET',
    url: `${API}/shares/dr_9`,
    check: (a) => expect(a).toMatchObject({ draftId: 'dr_9' }),
  },
  {
    name: 'listSharedProjects',
    reply: json(sharedProjects()),
    run: (api) => api.listSharedProjects(),
    method: 'GET',
    url: `${API}/shared-projects`,
    check: (a) => expect(a).toMatchObject({ projects: [{ contributionState: 'trial' }] }),
  },
];

describe('every endpoint method', () => {
  it.each(cases)('$name sends the right request and parses the answer', async (c) => {
    const { api, requests } = client(c.reply);
    const answer = await c.run(api);
    expect(requests).toHaveLength(1);
    const [req] = requests;
    expect(req?.method).toBe(c.method);
    expect(req?.url.href).toBe(c.url);
    expect(req?.body).toEqual(c.body);
    expect(req?.headers.get('Authorization')).toBe(`Bearer ${KEY}`);
    expect(req?.headers.get('Accept')).toBe('application/json');
    expect(req?.headers.get('Content-Type')).toBe(c.body === undefined ? null : 'application/json');
    expect(req?.headers.get('Idempotency-Key')).toBe(c.idempotencyKey ?? null);
    expect(req?.credentials).toBe('omit');
    // A redirect is never followed (the client refuses the 3xx it is handed back).
    expect(req?.redirect).toBe('manual');
    c.check(answer);
  });

  it('claim normalises the code, sends no key, and returns the answer', async () => {
    const { api, requests } = client(json(claimAnswer()));
    const answer = await api.claim(' gld-ab2c 9dke ');
    expect(requests[0]?.url.href).toBe(`${API}/connections/claim`);
    expect(requests[0]?.body).toEqual({ code: 'GLD-AB2C-9DKE' });
    expect(requests[0]?.headers.get('Authorization')).toBeNull();
    expect(answer.key).toBe(KEY);
  });

  it('claim works on a client that has no key yet, and a client made with its key sends it', async () => {
    const fake = fakeFetch(json(claimAnswer()), json(connection()));
    const bare = createClient({ siteUrl: SITE, fetch: fake.fetch });
    const { key } = await bare.claim('GLD-AB2C-9DKE');
    await createClient({ siteUrl: SITE, fetch: fake.fetch, key }).me();
    expect(fake.requests[1]?.headers.get('Authorization')).toBe(`Bearer ${KEY}`);
  });

  it('claim refuses an answer whose siteUrl is another origin (G17)', async () => {
    const { api } = client(json(claimAnswer({ siteUrl: 'https://evil.example' })));
    await expect(api.claim('GLD-AB2C-9DKE')).rejects.toMatchObject({ kind: 'local', reason: 'unsafe_address' });
  });

  it('a method that needs the key refuses locally without one', async () => {
    const fake = fakeFetch(json(connection()));
    const bare = createClient({ siteUrl: SITE, fetch: fake.fetch });
    await expect(bare.me()).rejects.toBeInstanceOf(LocalRefusal);
    await expect(bare.me()).rejects.toMatchObject({ reason: 'no_key' });
    expect(fake.requests).toHaveLength(0);
  });

  it('me sends a Date as ISO and refuses a spentSince without zone', async () => {
    const { api, requests } = client(json(connection()));
    await api.me({ spentSince: new Date(Date.UTC(2026, 4, 1)) });
    expect(requests[0]?.url.searchParams.get('spentSince')).toBe('2026-05-01T00:00:00.000Z');
    await expect(api.me({ spentSince: '2026-05-01T00:00:00' })).rejects.toThrow(/spentSince/);
    expect(requests).toHaveLength(1);
  });

  it('preview without sessionId sends no query', async () => {
    const { api, requests } = client(json(preview()));
    await api.preview('ag_1', 'question');
    expect(requests[0]?.url.search).toBe('');
  });

  it('parses an answer on a site address with a path and a trailing slash', async () => {
    const fake = fakeFetch(json(connection()));
    const api = createClient({ siteUrl: 'https://host.example/guild/', key: KEY, fetch: fake.fetch });
    await api.me();
    expect(fake.requests[0]?.url.href).toBe('https://host.example/guild/api/v1/me');
  });
});

describe('the key and the site origin (G17)', () => {
  it('refuses plain http except on loopback hosts', () => {
    expect(() => createClient({ siteUrl: 'http://guild.example' })).toThrow(LocalRefusal);
    expect(() => createClient({ siteUrl: 'ftp://guild.example' })).toThrow(LocalRefusal);
    expect(createClient({ siteUrl: 'http://127.0.0.1:8787' }).siteOrigin).toBe('http://127.0.0.1:8787');
    expect(createClient({ siteUrl: 'http://localhost:8787' }).apiBase).toBe('http://localhost:8787/api/v1');
  });

  it('downloads a signed link without the key, on the site origin too', async () => {
    const fake = fakeFetch(new Response(new Uint8Array([1, 2, 3]), { headers: { 'Content-Type': 'text/plain' } }));
    const api = createClient({ siteUrl: SITE, key: KEY, fetch: fake.fetch });
    const file = await api.downloadFile(`${SITE}/api/v1/files/f_1?exp=99&sig=ab`);
    expect([...file.bytes]).toEqual([1, 2, 3]);
    expect(file.contentType).toBe('text/plain');
    expect(fake.requests[0]?.headers.get('Authorization')).toBeNull();
    expect(fake.requests[0]?.credentials).toBe('omit');
    expect(fake.requests[0]?.url.searchParams.get('sig')).toBe('ab');
  });

  it('downloads a signed link on another origin without the key', async () => {
    const fake = fakeFetch(new Response('x'));
    const api = createClient({ siteUrl: SITE, key: KEY, fetch: fake.fetch });
    await api.downloadFile('https://files.other.example/f_1?exp=99&sig=ab');
    expect(fake.requests[0]?.headers.get('Authorization')).toBeNull();
  });

  it('reads a signed link refusal as an API error (link_expired)', async () => {
    const fake = fakeFetch(json({ error: { code: 'link_expired' } }, 403));
    const api = createClient({ siteUrl: SITE, key: KEY, fetch: fake.fetch });
    await expect(api.downloadFile(`${SITE}/api/v1/files/f_1?exp=1&sig=ab`)).rejects.toMatchObject({
      kind: 'api',
      code: 'link_expired',
      next: { kind: 'refresh' },
    });
  });

  it('claim refuses a redirect: the connect code goes nowhere else, and the member is told why', async () => {
    for (const reply of [
      new Response(null, { status: 307, headers: { Location: 'https://evil.example/claim' } }),
      // What a browser hands back for redirect 'manual': an opaque redirect, status 0.
      () => ({ type: 'opaqueredirect', status: 0, ok: false, headers: new Headers() }) as unknown as Response,
    ]) {
      const fake = fakeFetch(reply);
      const api = createClient({ siteUrl: SITE, fetch: fake.fetch });
      const error = await api.claim('GLD-AB2C-9DKE').catch((e: unknown) => e);
      expect(error).toMatchObject({ kind: 'malformed', what: 'redirect', retryable: false });
      expect(fake.requests).toHaveLength(1);
      expect(fake.requests[0]?.redirect).toBe('manual');
      expect(errorWords(error as MalformedAnswerError)).toBe(
        'The site pointed to another address. Nothing was sent there.',
      );
    }
  });

  it('a download refuses a redirect and is never sent on', async () => {
    const fake = fakeFetch(new Response(null, { status: 302, headers: { Location: 'https://other.example/f' } }));
    const api = createClient({ siteUrl: SITE, key: KEY, fetch: fake.fetch });
    await expect(api.downloadFile('https://files.other.example/f_1')).rejects.toMatchObject({ what: 'redirect' });
    expect(fake.requests.map((r) => [r.url.host, r.redirect])).toEqual([['files.other.example', 'manual']]);
  });

  it('a download stops reading once the body passes maxBytes, said in words', async () => {
    let pulls = 0;
    let cancelled = false;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls++;
        controller.enqueue(new Uint8Array(1000));
      },
      cancel() {
        cancelled = true;
      },
    });
    const fake = fakeFetch(() => new Response(endless));
    const api = createClient({ siteUrl: SITE, key: KEY, fetch: fake.fetch });
    const error = await api.downloadFile('https://files.other.example/f_1', { maxBytes: 4500 }).catch((e) => e);
    expect(error).toMatchObject({ kind: 'malformed', what: 'over_size', retryable: false });
    expect(errorWords(error)).toBe('The file was larger than the site said, so it was not saved.');
    expect(cancelled).toBe(true);
    expect(pulls).toBeLessThan(10);
    // A Content-Length past the cap stops before a byte is read; a body within it is read whole.
    const declared = fakeFetch(new Response('x'.repeat(10), { headers: { 'Content-Length': '9000' } }));
    const api2 = createClient({ siteUrl: SITE, key: KEY, fetch: declared.fetch });
    await expect(api2.downloadFile('https://files.other.example/f', { maxBytes: 100 })).rejects.toMatchObject({
      what: 'over_size',
    });
    const fits = fakeFetch(new Response('x'.repeat(100)));
    const api3 = createClient({ siteUrl: SITE, key: KEY, fetch: fits.fetch });
    expect((await api3.downloadFile('https://files.other.example/f', { maxBytes: 100 })).bytes.byteLength).toBe(100);
  });

  it('refuses an insecure signed link without fetching it', async () => {
    const fake = fakeFetch(new Response('x'));
    const api = createClient({ siteUrl: SITE, key: KEY, fetch: fake.fetch });
    await expect(api.downloadFile('http://files.other.example/f_1')).rejects.toMatchObject({
      reason: 'unsafe_address',
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('never puts the key in an error message or in the client serialised', async () => {
    const { api } = client(json({ error: { code: 'unauthenticated' } }, 401));
    const error = await api.me().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(JSON.stringify(error)).not.toContain(KEY);
    expect(String((error as Error).message)).not.toContain(KEY);
    expect(JSON.stringify(api)).not.toContain(KEY);
  });

  it('refuses a stored key that cannot be a header value', () => {
    expect(() => createClient({ siteUrl: SITE, key: 'gpc_abc\ndef' })).toThrow(LocalRefusal);
  });
});

describe('answers that cannot be read', () => {
  it('a non-JSON 200 is a malformed answer', async () => {
    const { api } = client(new Response('<html>hi</html>', { status: 200 }));
    await expect(api.me()).rejects.toMatchObject({ kind: 'malformed', status: 200, retryable: false });
  });

  it('a 200 with a wrong type names the path', async () => {
    const bad = { ...callResult(), charge: { ...callResult().charge, chargedCents: '12' } };
    const { api } = client(json(bad));
    const error = await api.getCall('run_1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MalformedAnswerError);
    expect((error as MalformedAnswerError).issues).toContain('charge.chargedCents: expected number');
    expect(errorWords(error as MalformedAnswerError)).toContain('charge.chargedCents: expected number');
  });

  it("a malformed answer's detail is the contract's tokens, the same in any language, never zod's English", async () => {
    setTestLocale('de');
    const good = callResult();
    const bad = {
      ...good,
      runId: 5,
      files: [{ ...good.files[0], expiresAt: 'yesterday' }],
      // Not a number at all: a wrong type (a number that is no amount is "could not be read", G34).
      charge: { ...good.charge, chargedCents: 'ten' },
    };
    const { api } = client(json(bad));
    const error = (await api.getCall('run_1').catch((e: unknown) => e)) as MalformedAnswerError;
    expect(error).toBeInstanceOf(MalformedAnswerError);
    expect(error.issues).toEqual([
      'runId: expected string',
      'files[0].expiresAt: expected datetime',
      'charge.chargedCents: expected number',
    ]);
    expect(errorWords(error)).toContain('Die Antwort der Website ließ sich nicht lesen');
    expect(errorWords(error)).toContain('runId: expected string');
  });

  it('an error answer that is not JSON is a malformed answer, not a crash', async () => {
    const { api } = client(new Response('Bad gateway', { status: 400 }));
    await expect(api.find('something to find')).rejects.toMatchObject({ kind: 'malformed', status: 400 });
  });

  it('an error answer without a code is a malformed answer', async () => {
    const { api } = client(json({ message: 'nope' }, 403));
    await expect(api.me()).rejects.toMatchObject({ kind: 'malformed', status: 403 });
  });

  it('an empty 200 body is a malformed answer', async () => {
    const { api } = client(new Response('', { status: 200 }));
    await expect(api.listFindings()).rejects.toMatchObject({ kind: 'malformed' });
  });
});
