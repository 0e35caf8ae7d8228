/**
 * Faults set by the control API: the next `count` matching requests answer a status (500, 503, 429 with
 * Retry-After, ...), or a redirect to `redirectTo` (307 by default, nothing processed), or wait `delayMs`, or
 * are processed and then dropped unanswered (`drop`), so a client can prove its retry with the same
 * Idempotency-Key starts nothing twice, or are answered with fields left out (`omit`) or set to a JSON value
 * (`set`, by a dotted path such as `questions.pass.fit`).
 */
import type { MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ApiError } from '@/emulator/errors';
import type { AppEnv } from '@/emulator/http';
import type { FaultRec, Store } from '@/emulator/store';

const CODES: Record<number, string> = {
  400: 'invalid_input',
  401: 'unauthenticated',
  403: 'account_suspended',
  404: 'not_found',
  409: 'invalid_state',
  410: 'retired',
  413: 'too_large',
  429: 'rate_limited',
  500: 'server_error',
  502: 'server_error',
  503: 'not_available',
  504: 'server_error',
};

/** `*` matches any run of characters; everything else is literal. */
function pathMatches(pattern: string, path: string): boolean {
  const re = new RegExp(
    `^${pattern
      .split('*')
      .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
  return re.test(path);
}

function takeFault(store: Store, method: string, path: string): FaultRec | null {
  const fault = store.faults.find(
    (f) => f.remaining > 0 && (f.method === null || f.method === method) && pathMatches(f.path, path),
  );
  if (!fault) return null;
  fault.remaining--;
  if (fault.remaining === 0) store.faults.splice(store.faults.indexOf(fault), 1);
  return fault;
}

export const faults: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('faultDelayMs', 0);
  const fault = takeFault(c.get('world').store, c.req.method, new URL(c.req.url).pathname);
  if (!fault) return next();
  if (fault.redirectTo !== null && fault.status !== null) {
    if (fault.delayMs) await new Promise((r) => setTimeout(r, fault.delayMs ?? 0));
    // Nothing is processed: the answer only points elsewhere, as a misconfigured proxy or a hostile site might.
    return c.body(null, fault.status as 300, { Location: fault.redirectTo });
  }
  if (fault.status !== null && !fault.drop) {
    const headers: Record<string, string> = {};
    if (fault.status === 429 || fault.retryAfter !== null) headers['Retry-After'] = String(fault.retryAfter ?? 1);
    if (fault.delayMs) await new Promise((r) => setTimeout(r, fault.delayMs ?? 0));
    throw new ApiError(
      fault.status as ContentfulStatusCode,
      fault.code ?? CODES[fault.status] ?? 'server_error',
      {},
      headers,
    );
  }
  c.set('faultDelayMs', fault.delayMs ?? 0);
  await next();
  const edits = fault.omit.length + fault.set.length;
  if (edits > 0 && c.res.status < 300 && c.res.headers.get('Content-Type')?.includes('json')) {
    // The same answer, some fields left out or set: a site answering off (or beside) the contract's shape.
    const answer = (await c.res.clone().json()) as Record<string, unknown>;
    for (const field of fault.omit) delete answer[field];
    for (const { path, value } of fault.set) setPath(answer, path, value);
    c.res = new Response(JSON.stringify(answer), { status: c.res.status, headers: c.res.headers });
  }
  if (fault.drop) {
    // Processed, then the connection goes away before any answer is written.
    c.env.incoming.socket.destroy();
  }
};

/** Sets `a.b.c` where the answer has an object at `a.b`; an answer without one is left as it is. */
function setPath(answer: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  const last = keys.pop();
  let at: unknown = answer;
  for (const key of keys) at = isObject(at) ? at[key] : undefined;
  if (last !== undefined && isObject(at)) at[last] = value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Waits a fault's delay; runs after the Idempotency-Key is held, so a resend meanwhile sees 409. */
export const faultDelay: MiddlewareHandler<AppEnv> = async (c, next) => {
  const ms = c.get('faultDelayMs');
  if (ms > 0) await new Promise((r) => setTimeout(r, ms));
  return next();
};
