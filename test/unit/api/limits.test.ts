import { describe, expect, it } from 'vitest';
import { type ApiClient, createClient } from '@/lib/api/client';
import { LocalRefusal } from '@/lib/api/errors';
import { checkBodySize, jsonBytes, normaliseConnectCode } from '@/lib/api/request-checks';
import { setTestLocale } from '@/test/unit/setup/i18n';
import { fakeFetch, json, KEY, SITE } from './fixtures';
import { errorWords } from '@/lib/words/errors';

function setup() {
  const fake = fakeFetch(json({}));
  return { api: createClient({ siteUrl: SITE, key: KEY, fetch: fake.fetch }), requests: fake.requests };
}

const call = { agentId: 'ag_1', callId: 'apply' };

/** Each case must be refused locally, naming the field, with nothing sent. */
const REFUSED: Array<[name: string, run: (api: ApiClient) => Promise<unknown>, field: string]> = [
  ['find description of 2 characters', (api) => api.find('ab'), 'description'],
  ['find description of 2001 characters', (api) => api.find('a'.repeat(2001)), 'description'],
  ['details over 20000', (api) => api.startCall({ ...call, details: 'd'.repeat(20_001) }), 'details'],
  ['question over 4000', (api) => api.startCall({ ...call, question: 'q'.repeat(4001) }), 'question'],
  ['7 fileIds', (api) => api.startCall({ ...call, fileIds: ['1', '2', '3', '4', '5', '6', '7'] }), 'fileIds'],
  ['an empty agentId', (api) => api.startCall({ ...call, agentId: '' }), 'agentId'],
  ['a callId of 65', (api) => api.startCall({ ...call, callId: 'c'.repeat(65) }), 'callId'],
  ['a sessionId of 65', (api) => api.startCall({ ...call, sessionId: 's'.repeat(65) }), 'sessionId'],
  ['maxCents 0', (api) => api.startCall({ ...call, maxCents: 0 }), 'maxCents'],
  ['maxCents 2.5', (api) => api.startCall({ ...call, maxCents: 2.5 }), 'maxCents'],
  // keepFindings is typed `never`; a caller building the body at run time could still add it.
  ['keepFindings', (api) => api.startCall({ ...call, keepFindings: true } as never), 'keepFindings'],
  [
    'report reason over 500',
    (api) => api.reportCall('run_1', { verdict: 'did_not_help', reason: 'r'.repeat(501) }),
    'reason',
  ],
  [
    'did_not_help without reasonKind (G28)',
    (api) => api.reportCall('run_1', { verdict: 'did_not_help' }),
    'reasonKind',
  ],
  ['the same limits on a quote', (api) => api.quoteCall({ ...call, details: 'd'.repeat(20_001) }), 'details'],
  ['a preview with an empty agentId', (api) => api.preview('', 'apply'), 'agentId'],
  ['a session id of 65 on GET', (api) => api.getSession('s'.repeat(65)), 'sessionId'],
  ['an empty runId', (api) => api.getCall(''), 'runId'],
  ['session details over 20000', (api) => api.putDetails('ses_1', 'd'.repeat(20_001)), 'details'],
  ['a share title over 200', (api) => api.createShare({ title: 't'.repeat(201) }), 'title'],
  [
    '21 share files',
    (api) =>
      api.putShareFiles(
        'dr_1',
        Array.from({ length: 21 }, (_, i) => `f${i}`),
      ),
    'fileIds',
  ],
  ['a coverage description of 2', (api) => api.coverage('ab'), 'description'],
  ['a file name over 255', (api) => api.uploadFile({ name: 'n'.repeat(256), contentBase64: 'aGk=' }), 'name'],
  ['a file that is not base64', (api) => api.uploadFile({ name: 'a', contentBase64: 'not base64!' }), 'contentBase64'],
];

/** The member's words for the refusal `call` ends in ('' when it is not refused). */
async function refusalWords(call: Promise<unknown>): Promise<string> {
  return call.then(
    () => '',
    (e: unknown) => errorWords(e as LocalRefusal),
  );
}

describe('limits checked before sending', () => {
  it.each(REFUSED)('refuses %s, sends nothing', async (_name, run, field) => {
    const { api, requests } = setup();
    const error = await run(api).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LocalRefusal);
    expect(error).toMatchObject({ kind: 'local', reason: 'invalid_input', retryable: false });
    expect((error as LocalRefusal).fields).toContain(field);
    expect(errorWords(error as LocalRefusal)).toMatch(/^Not sent: /);
    expect(errorWords(error as LocalRefusal)).toContain(field);
    expect(requests).toHaveLength(0);
  });

  it('says what the limit is', async () => {
    const { api } = setup();
    expect(await refusalWords(api.startCall({ ...call, details: 'd'.repeat(20_001) }))).toContain(
      'details must be at most 20,000 characters (it has 20,001)',
    );
    expect(await refusalWords(api.startCall({ ...call, agentId: '' }))).toContain(
      'agentId must be at least one character (it has 0)',
    );
    // Code points, as the limits count them (G19): 4,001 emoji are 4,001 characters, not 8,002.
    expect(await refusalWords(api.startCall({ ...call, question: '😀'.repeat(4001) }))).toContain(
      'question must be at most 4,000 characters (it has 4,001)',
    );
    expect(await refusalWords(api.startCall({ ...call, fileIds: ['1', '2', '3', '4', '5', '6', '7'] }))).toContain(
      'fileIds may hold at most 6',
    );
    expect(await refusalWords(api.startCall({ ...call, maxCents: 0 }))).toContain('maxCents must be at least 1');
    // A value of the wrong type is named as such; only an absent one is "missing".
    expect(await refusalWords(api.startCall({ ...call, maxCents: '5' } as never))).toContain(
      'maxCents must be a number',
    );
    expect(await refusalWords(api.startCall({ callId: 'apply' } as never))).toContain('agentId is missing');
  });

  it("says the limit in the member's language, with no English from zod", async () => {
    setTestLocale('de');
    const { api } = setup();
    const error = (await api
      .startCall({ ...call, details: 'd'.repeat(20_001) })
      .catch((e: unknown) => e)) as LocalRefusal;
    expect(errorWords(error)).toContain('details darf höchstens 20.000 Zeichen lang sein (es sind 20.001)');
    expect(errorWords(error)).not.toMatch(/characters|Too big|Invalid|expected/);
  });

  it('sends a body at the limits', async () => {
    const { api, requests } = setup();
    await api.startCall({ ...call, details: 'd'.repeat(20_000), question: 'q'.repeat(4000) }).catch(() => undefined);
    await api
      .reportCall('run_1', { verdict: 'did_not_help', reasonKind: 'wrong', reason: 'r'.repeat(500) })
      .catch(() => undefined);
    await api.find('abc').catch(() => undefined);
    expect(requests).toHaveLength(3);
  });
});

describe('body size (G7)', () => {
  it('counts UTF-8 bytes of the JSON text', () => {
    expect(jsonBytes({ a: 'é' })).toBe(10);
  });

  it('refuses over 65,536 bytes, accepts exactly 65,536', () => {
    const padding = (n: number) => ({ x: 'a'.repeat(n - 8) }); // {"x":""} is 8 bytes
    expect(jsonBytes(padding(64_000))).toBe(64_000);
    expect(() => checkBodySize(padding(64_000))).not.toThrow();
    expect(() => checkBodySize(padding(64_001))).toThrow(LocalRefusal);
    expect(() => checkBodySize(padding(64_001), 1_000_000)).not.toThrow();
  });

  it('a file upload over 64 KB is refused before sending', async () => {
    const { api, requests } = setup();
    const contentBase64 = 'A'.repeat(70_000);
    await expect(api.uploadFile({ name: 'big.txt', contentBase64 })).rejects.toMatchObject({ reason: 'too_large' });
    expect(requests).toHaveLength(0);
  });

  it('details within 20000 characters but over 64 KB in UTF-8 are refused as too large', async () => {
    const { api, requests } = setup();
    await expect(api.startCall({ ...call, details: '😀'.repeat(20_000) })).rejects.toMatchObject({
      reason: 'too_large',
    });
    expect(requests).toHaveLength(0);
  });
});

describe('connect code (G6)', () => {
  it.each([
    ['GLD-AB2C-9DKE', 'GLD-AB2C-9DKE'],
    ['gld-ab2c-9dke', 'GLD-AB2C-9DKE'],
    [' gld ab2c 9dke ', 'GLD-AB2C-9DKE'],
    ['GLDAB2C9DKE', 'GLD-AB2C-9DKE'],
    ['gld–ab2c—9dke', 'GLD-AB2C-9DKE'],
  ])('normalises %j', (input, expected) => {
    expect(normaliseConnectCode(input)).toBe(expected);
  });

  it.each(['', 'GLD-AB2C', 'G1D-AB2C-9DKE', 'GLD-AB2C-9DKE-X', 'GLD_AB2C_9DKE', 'GLD-AB2C-9DK!'])(
    'refuses %j locally, sending nothing',
    async (code) => {
      const { api, requests } = setup();
      await expect(api.claim(code)).rejects.toMatchObject({ kind: 'local', reason: 'code_format', fields: ['code'] });
      expect(requests).toHaveLength(0);
    },
  );
});
