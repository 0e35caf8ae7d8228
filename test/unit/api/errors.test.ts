import { describe, expect, it } from 'vitest';
import { createClient } from '@/lib/api/client';
import {
  ApiError,
  isKnownCode,
  KNOWN_CODES,
  MalformedAnswerError,
  NO_EXTRAS,
  type NextStep,
  parseRetryAfter,
  readErrorBody,
} from '@/lib/api/errors';
import { apiError, fakeFetch, json, KEY, SITE, ut } from './fixtures';
import { formatAbsolute } from '@/lib/format/time';
import { apiErrorWords, errorWords, memberErrorWords } from '@/lib/words/errors';

/** Every row of the contract's error tables (and the codes contract-gaps.md adds), with the next step. */
const TABLE: Array<[status: number, code: string, next: NextStep['kind']]> = [
  // Common errors
  [401, 'unauthenticated', 'reconnect'],
  [401, 'key_revoked', 'reconnect'],
  [403, 'account_suspended', 'none'],
  [403, 'session_scoped', 'reconnect'],
  [429, 'rate_limited', 'wait'],
  [503, 'not_available', 'none'],
  [500, 'server_error', 'retry'],
  [404, 'not_found', 'refresh'],
  [400, 'invalid_json', 'update_extension'],
  [413, 'too_large', 'fix_request'],
  [410, 'retired', 'update_extension'],
  // Idempotency
  [400, 'idempotency_key_required', 'none'],
  [422, 'idempotency_key_reused', 'none'],
  [409, 'idempotency_in_progress', 'wait'],
  // POST /calls
  [400, 'invalid_input', 'fix_request'],
  [400, 'secret_in_details', 'fix_request'],
  [403, 'switched_off', 'member_settings'],
  [403, 'needs_approval', 'approve'],
  [403, 'agent_blocked', 'member_settings'],
  [402, 'short', 'top_up'],
  [409, 'agent_unavailable', 'none'],
  [409, 'over_max', 'fix_request'],
  [409, 'details_missing', 'answer_questions'],
  [400, 'invalid_answers', 'answer_questions'],
  [409, 'session_closed', 'new_session'],
  [409, 'approval_not_usable', 'none'],
  [429, 'over_limit', 'wait'],
  [429, 'failed_calls', 'wait'],
  [403, 'findings_off', 'member_settings'],
  // Other endpoints
  [400, 'code_not_valid', 'reconnect'],
  [409, 'invalid_state', 'refresh'],
  // Changelog
  [409, 'plan_ran', 'new_session'],
  [403, 'corrections_blocked', 'none'],
  [400, 'invalid_package', 'fix_request'],
  [400, 'invalid_batch', 'update_extension'],
  [400, 'not_stamped', 'update_extension'],
  [400, 'cleaner_version', 'update_extension'],
  [400, 'stamp_mismatch', 'update_extension'],
  [400, 'not_cleaned', 'update_extension'],
  [400, 'too_slow', 'retry'],
  [409, 'agent_busy', 'wait'],
  // contract-gaps.md G14
  [403, 'link_expired', 'refresh'],
  [429, 'download_limit', 'wait'],
];

function once(reply: Response) {
  const fake = fakeFetch(reply);
  return createClient({ siteUrl: SITE, key: KEY, fetch: fake.fetch, retry: { maxRetries: 0 } });
}

const GENERIC = /refused this \(HTTP/;

describe('every code of the contract', () => {
  it('the table covers every known code, and every known code is in the table', () => {
    expect(new Set(TABLE.map(([, code]) => code))).toEqual(new Set(KNOWN_CODES));
  });

  it.each(TABLE)('%i %s maps to its code, status, message and next step', async (status, code, next) => {
    const api = once(apiError(status, code));
    const error = await api.startCall({ agentId: 'ag_1', callId: 'apply' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const e = error as ApiError;
    expect(e).toMatchObject({ kind: 'api', status, code, known: true });
    expect(e.next.kind).toBe(next);
    expect(errorWords(e)).not.toMatch(GENERIC);
    expect(errorWords(e).length).toBeGreaterThan(10);
    expect(e.serverMessage).toBe(`english for ${code}`);
    expect(isKnownCode(code)).toBe(true);
  });

  it('only server_error, rate_limited and idempotency_in_progress are retryable', () => {
    const retryable = TABLE.filter(([s, c]) => new ApiError(s, c).retryable).map(([, c]) => c);
    expect(retryable.sort()).toEqual(['idempotency_in_progress', 'rate_limited', 'server_error']);
  });
});

describe('extras of each refusal', () => {
  it('needs_approval carries approvalId, approvalUrl and reason', async () => {
    const api = once(
      apiError(403, 'needs_approval', {
        reason: 'over_calls',
        approvalId: 'ap_1',
        approvalUrl: `${SITE}/approvals/ap_1`,
      }),
    );
    const e = (await api.startCall({ agentId: 'ag_1', callId: 'apply' }).catch((x: unknown) => x)) as ApiError;
    expect(e).toMatchObject({ approvalId: 'ap_1', approvalUrl: `${SITE}/approvals/ap_1`, reason: 'over_calls' });
    expect(e.next).toEqual({ kind: 'approve', approvalId: 'ap_1', approvalUrl: `${SITE}/approvals/ap_1` });
    expect(errorWords(e)).toMatch(/more calls than you allowed/);
  });

  it.each([
    ['new_agent', /first call to this agent/],
    ['second_session', /starts more sessions/],
    ['spending_off', /Spending is switched off/],
  ])('needs_approval with reason %s says why', (reason, words) => {
    expect(errorWords(new ApiError(403, 'needs_approval', { reason }))).toMatch(words);
  });

  it('short carries topUpUrl; short with reason held waits instead', () => {
    const short = new ApiError(402, 'short', { topUpUrl: `${SITE}/top-up` });
    expect(short.next).toEqual({ kind: 'top_up', topUpUrl: `${SITE}/top-up` });
    const held = new ApiError(402, 'short', { reason: 'held' });
    expect(held.next.kind).toBe('wait');
    expect(errorWords(held)).toMatch(/held by a running call/);
  });

  it('details_missing carries missing details', async () => {
    const api = once(
      apiError(409, 'details_missing', { missing: [{ key: 'target_os', untrustedDetail: ut('Target OS') }] }),
    );
    const e = (await api.startCall({ agentId: 'ag_1', callId: 'apply' }).catch((x: unknown) => x)) as ApiError;
    expect(e.missing).toEqual([{ key: 'target_os', untrustedDetail: ut('Target OS') }]);
    expect(errorWords(e)).toMatch(/one more detail/);
  });

  it('invalid_answers carries problems', async () => {
    const api = once(apiError(400, 'invalid_answers', { problems: [{ key: 'target_os', problem: 'no such option' }] }));
    const e = (await api.startCall({ agentId: 'ag_1', callId: 'apply' }).catch((x: unknown) => x)) as ApiError;
    expect(e.problems).toEqual([{ key: 'target_os', problem: 'no such option' }]);
  });

  it('invalid_input carries fields and names them', async () => {
    const api = once(apiError(400, 'invalid_input', { fields: ['details', 'keepFindings'] }));
    const e = (await api.startCall({ agentId: 'ag_1', callId: 'apply' }).catch((x: unknown) => x)) as ApiError;
    expect(e.fields).toEqual(['details', 'keepFindings']);
    expect(e.next).toEqual({ kind: 'fix_request', fields: ['details', 'keepFindings'] });
    expect(errorWords(e)).toContain('details, keepFindings');
  });

  it.each([
    ['files', /^Files is switched off/],
    ['tryNewAgents', /^New agents is switched off/],
    ['sharing', /^Sharing is switched off/],
  ])('switched_off with reason %s names the switch', (reason, words) => {
    expect(errorWords(new ApiError(403, 'switched_off', { reason }))).toMatch(words);
  });

  it('over_limit carries its reason; failed_calls its until', () => {
    expect(new ApiError(429, 'over_limit', { reason: 'too_many_open_calls' }).reason).toBe('too_many_open_calls');
    const failed = new ApiError(429, 'failed_calls', { until: '2026-05-02T10:00:00Z' });
    expect(failed.next).toEqual({ kind: 'wait', seconds: null, until: '2026-05-02T10:00:00Z' });
    // The time the site gave, in the member's words and zone; an unreadable one as the site sent it.
    expect(errorWords(failed)).toContain(formatAbsolute('2026-05-02T10:00:00Z'));
    expect(errorWords(new ApiError(429, 'failed_calls', { until: 'soon-ish' }))).toContain('soon-ish');
  });

  it('invalid_state with reason plan_ran asks for a new session; with checking, to wait (G28)', () => {
    expect(new ApiError(409, 'invalid_state', { reason: 'plan_ran' }).next.kind).toBe('new_session');
    expect(new ApiError(409, 'invalid_state', { reason: 'checking' }).next.kind).toBe('wait');
  });

  it('not_available with reason findings_not_kept (G12) points to the member settings', () => {
    expect(new ApiError(503, 'not_available', { reason: 'findings_not_kept' }).next.kind).toBe('member_settings');
  });

  it('rate_limited reads Retry-After from the header and says how long', async () => {
    const api = once(apiError(429, 'rate_limited', {}, { 'Retry-After': '7' }));
    const e = (await api.me().catch((x: unknown) => x)) as ApiError;
    expect(e.retryAfterSeconds).toBe(7);
    expect(e.next).toEqual({ kind: 'wait', seconds: 7, until: null });
    expect(errorWords(e)).toContain('7 s');
  });
});

describe('unknown codes', () => {
  it('an unknown code is a refusal naming the code, never retried', async () => {
    const fake = fakeFetch(apiError(500, 'brand_new_code'));
    const api = createClient({ siteUrl: SITE, key: KEY, fetch: fake.fetch });
    const e = (await api.me().catch((x: unknown) => x)) as ApiError;
    expect(e).toMatchObject({ kind: 'api', code: 'brand_new_code', known: false, retryable: false, status: 500 });
    expect(errorWords(e)).toContain('brand_new_code');
    expect(errorWords(e)).toContain('500');
    expect(e.next.kind).toBe('none');
    expect(fake.requests).toHaveLength(1);
  });
});

describe('the site’s words for a code we do not know', () => {
  it('keeps the site’s message with the status, and the background carries it to the member as text', async () => {
    const { toMemberError } = await import('@/entrypoints/background/core/member-error');
    const known = toMemberError(new ApiError(402, 'short', { serverMessage: 'Top up please' }));
    expect(known.extras.siteMessage).toBeUndefined();
    const unknown = toMemberError(new ApiError(418, 'quota_frozen', { serverMessage: 'Frozen until Monday.' }));
    expect(unknown).toMatchObject({
      code: 'quota_frozen',
      status: 418,
      extras: { siteMessage: 'Frozen until Monday.' },
    });
    // Worded where it is shown (the panel), from its code and status.
    expect(memberErrorWords(unknown)).toBe('The site refused this (HTTP 418, code “quota_frozen”).');
  });
});

describe('reading error bodies tolerantly (G1)', () => {
  it('reads the code from error.code, a top-level code, or error as a string', () => {
    expect(readErrorBody({ error: { code: 'short' } })?.code).toBe('short');
    expect(readErrorBody({ code: 'short', topUpUrl: 'u' })).toMatchObject({ code: 'short', extras: { topUpUrl: 'u' } });
    expect(readErrorBody({ error: 'short', reason: 'held' })).toMatchObject({
      code: 'short',
      extras: { reason: 'held' },
    });
  });

  it('takes extras from the error object first, then the top level', () => {
    const read = readErrorBody({
      error: { code: 'needs_approval', approvalId: 'inner' },
      approvalId: 'outer',
      approvalUrl: 'top',
    });
    expect(read?.extras).toMatchObject({ approvalId: 'inner', approvalUrl: 'top' });
  });

  it('reads fields given as an object and problems given as strings', () => {
    const read = readErrorBody({
      error: {
        code: 'invalid_input',
        fields: { details: 'too long' },
        problems: ['bad answer', { key: 'k', problem: 'p' }],
      },
    });
    expect(read?.extras.fields).toEqual(['details']);
    expect(read?.extras.problems).toEqual([
      { key: null, problem: 'bad answer' },
      { key: 'k', problem: 'p' },
    ]);
  });

  it('reads missing given as plain keys, and ignores extras of the wrong type', () => {
    const read = readErrorBody({ error: { code: 'details_missing', missing: ['a', { key: 'b' }, 3], until: 5 } });
    expect(read?.extras.missing).toEqual([
      { key: 'a', untrustedDetail: null },
      { key: 'b', untrustedDetail: null },
    ]);
    expect(read?.extras.until).toBeNull();
  });

  it('ignores unknown fields of an error body', async () => {
    const api = once(json({ error: { code: 'session_closed', extra: { deep: 1 } }, trace: 'x' }, 409));
    await expect(api.getSession('ses_1')).rejects.toMatchObject({ code: 'session_closed' });
  });

  it('returns null without a readable code', () => {
    expect(readErrorBody({ error: { message: 'x' } })).toBeNull();
    expect(readErrorBody({ error: { code: '' } })).toBeNull();
    expect(readErrorBody(['short'])).toBeNull();
    expect(readErrorBody('short')).toBeNull();
  });
});

describe('Retry-After', () => {
  it('reads seconds and HTTP dates, and nothing else', () => {
    const now = Date.UTC(2026, 4, 1, 10, 0, 0);
    expect(parseRetryAfter('12', now)).toBe(12);
    expect(parseRetryAfter('Fri, 01 May 2026 10:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('Fri, 01 May 2026 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    // Never longer than an hour, however long the site asks: 50000 s would stop all work for 14 hours.
    expect(parseRetryAfter('50000', now)).toBe(3600);
    expect(parseRetryAfter('Sat, 02 May 2026 10:00:00 GMT', now)).toBe(3600);
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});

describe('messages', () => {
  it('every known code has its own message, distinct from the generic one', () => {
    for (const code of KNOWN_CODES) {
      expect(apiErrorWords(code, 400, NO_EXTRAS), code).not.toMatch(GENERIC);
    }
    expect(apiErrorWords('whatever', 418, NO_EXTRAS)).toMatch(GENERIC);
  });
});

describe('an answer refused for what the site did, not for an old extension', () => {
  it('a redirect or a file larger than said asks for no update of the extension; an unreadable shape does', async () => {
    const { toMemberError } = await import('@/entrypoints/background/core/member-error');
    expect(toMemberError(new MalformedAnswerError(307, 'redirect')).nextStep).toEqual({ kind: 'none' });
    expect(toMemberError(new MalformedAnswerError(200, 'over_size')).nextStep).toEqual({ kind: 'none' });
    expect(toMemberError(new MalformedAnswerError(200, 'schema', ['x: expected string'])).nextStep).toEqual({
      kind: 'update_extension',
    });
  });
});
