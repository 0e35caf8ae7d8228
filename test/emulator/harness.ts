/**
 * Test harness: one emulator per test file on port 0, reset between tests, every exchange over real HTTP.
 * Answers are parsed with the lib/api schemas, so the emulator is held to the same definitions the
 * client reads with.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { z } from 'zod';
import { ErrorBodySchema } from '@/lib/contract/errors';
import { type EmulatorOptions, type RunningEmulator, startEmulator } from '@/emulator/index';

export const DEMO_KEY = 'gpc_DEMO_local_emulator_key_not_a_secret_xxxxxx';

export interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

export interface RequestOptions {
  method?: string;
  key?: string | null;
  body?: unknown;
  /** Sent as is (for invalid JSON and size tests). */
  raw?: string;
  idem?: string | null;
  headers?: Record<string, string>;
}

export class Emu {
  constructor(readonly running: RunningEmulator) {}

  get url(): string {
    return this.running.url;
  }

  async request(path: string, options: RequestOptions = {}): Promise<Answer> {
    const method = options.method ?? (options.body !== undefined || options.raw !== undefined ? 'POST' : 'GET');
    const headers: Record<string, string> = { ...options.headers };
    const key = options.key === undefined ? DEMO_KEY : options.key;
    if (key !== null) headers.Authorization = `Bearer ${key}`;
    if (options.idem !== undefined && options.idem !== null) headers['Idempotency-Key'] = options.idem;
    let payload: string | undefined = options.raw;
    if (payload === undefined && options.body !== undefined) payload = JSON.stringify(options.body);
    if (payload !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${this.url}${path}`, { method, headers, body: payload, redirect: 'manual' });
    const text = await res.text();
    let body: unknown = null;
    try {
      body = text === '' ? null : JSON.parse(text);
    } catch {
      body = text;
    }
    return { status: res.status, headers: res.headers, body, text };
  }

  /** An API call under /api/v1. POST /calls, stop and report get a fresh Idempotency-Key unless given. */
  api(path: string, options: RequestOptions = {}): Promise<Answer> {
    const method = options.method ?? (options.body !== undefined || options.raw !== undefined ? 'POST' : 'GET');
    const needsKey = method === 'POST' && /^\/calls(\/[^/]+\/(stop|report))?$/.test(path);
    const idem = options.idem === undefined && needsKey ? randomUUID() : options.idem;
    return this.request(`/api/v1${path}`, { ...options, method, idem });
  }

  async ctl<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await this.request(`/_emulator${path}`, { method, body, key: null });
    if (res.status >= 300) throw new Error(`control ${method} ${path} answered ${res.status}: ${res.text}`);
    return res.body as T;
  }

  advance(seconds: number): Promise<unknown> {
    return this.ctl('POST', '/clock', { advanceSeconds: seconds });
  }

  /** Makes a connect code through the control API and claims it: a fresh connection and its key. */
  async connect(
    options: Record<string, unknown> = {},
  ): Promise<{ key: string; connectionId: string; memberId: string }> {
    const made = await this.ctl<{ code: string; connectionId: string; memberId: string }>(
      'POST',
      '/connect-codes',
      options,
    );
    const claimed = await this.api('/connections/claim', { key: null, body: { code: made.code } });
    expect(claimed.status).toBe(200);
    return { key: (claimed.body as { key: string }).key, connectionId: made.connectionId, memberId: made.memberId };
  }

  behaviour(agentId: string, patch: Record<string, unknown>): Promise<unknown> {
    return this.ctl('PUT', `/agents/${agentId}/behaviour`, patch);
  }

  /** Starts a call and expects 202; answers the parsed body. */
  async start(
    body: Record<string, unknown>,
    key: string = DEMO_KEY,
  ): Promise<{ runId: string; sessionId: string; holdCents: number }> {
    const res = await this.api('/calls', { body, key });
    if (res.status !== 202) throw new Error(`POST /calls answered ${res.status}: ${res.text}`);
    return res.body as { runId: string; sessionId: string; holdCents: number };
  }
}

/** Parses with a lib/api schema and fails the test with zod's issues when the answer does not conform. */
export function parse<S extends z.core.$ZodType>(schema: S, value: unknown): z.output<S> {
  const result = z.safeParse(schema, value);
  if (!result.success)
    throw new Error(
      `answer does not conform: ${JSON.stringify(result.error.issues, null, 2)}\n${JSON.stringify(value, null, 2)}`,
    );
  return result.data;
}

/** Expects an error answer with the status and code, conforming to G1; answers the error object. */
export function expectError(res: Answer, status: number, code: string) {
  if (res.status !== status || (res.body as { error?: { code?: string } })?.error?.code !== code) {
    throw new Error(`expected ${status} ${code}, got ${res.status}: ${res.text}`);
  }
  return parse(ErrorBodySchema, res.body).error;
}

/**
 * One emulator for the test file, back to the seed before each test. The clock moves only when a test
 * moves it (realTime off), so every time-driven rule is exact.
 */
export function useEmulator(options: EmulatorOptions = {}): Emu {
  const holder = {} as { emu: Emu };
  const proxy = new Proxy({} as Emu, {
    get: (_t, prop) => {
      const value = Reflect.get(holder.emu, prop);
      return typeof value === 'function' ? value.bind(holder.emu) : value;
    },
  });
  beforeAll(async () => {
    holder.emu = new Emu(await startEmulator({ port: 0, clock: { realTime: false }, ...options }));
  });
  beforeEach(async () => {
    await holder.emu.ctl('POST', '/reset');
  });
  afterAll(async () => {
    await holder.emu?.running.close();
  });
  return proxy;
}
