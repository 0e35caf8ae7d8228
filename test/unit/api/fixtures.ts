/**
 * The API answers (test/fixtures/api.ts, re-exported), plus a fake fetch that records requests and replies
 * from a script, and a fake clock.
 */
import type { Clock } from '@/lib/api/retry';

export * from '@/test/fixtures/api';

// ---------------------------------------------------------------------------------------------------
// Fake fetch
// ---------------------------------------------------------------------------------------------------

interface RecordedRequest {
  url: URL;
  method: string;
  headers: Headers;
  body: unknown;
  credentials: RequestCredentials | undefined;
  redirect: RequestRedirect | undefined;
}

export type Reply = Response | Error | ((req: RecordedRequest, signal: AbortSignal) => Response | Promise<Response>);

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

export function apiError(
  status: number,
  code: string,
  extras: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Response {
  return json({ error: { code, message: `english for ${code}`, ...extras } }, status, headers);
}

/** A fetch that never answers until its signal aborts. */
export const hang: Reply = (_req, signal) =>
  new Promise<Response>((_resolve, reject) => {
    signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });

/**
 * A fake fetch replying with `replies` in order (the last one repeats), recording every request.
 * An Error reply is thrown as fetch does on a network failure.
 */
export function fakeFetch(...replies: Reply[]) {
  const requests: RecordedRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const text = typeof init.body === 'string' ? init.body : undefined;
    const req: RecordedRequest = {
      url: new URL(String(input)),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: text === undefined ? undefined : JSON.parse(text),
      credentials: init.credentials,
      redirect: init.redirect,
    };
    requests.push(req);
    const reply = replies[Math.min(requests.length - 1, replies.length - 1)];
    if (reply === undefined) throw new Error('fakeFetch: no reply scripted');
    if (reply instanceof Error) throw reply;
    if (reply instanceof Response) return reply.clone();
    return reply(req, init.signal ?? new AbortController().signal);
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}

// ---------------------------------------------------------------------------------------------------
// Fake clock (the client's injectable Clock). Vitest's own timers stay real, so a test that would hang
// on a wrong implementation fails on vitest's test timeout instead.
// ---------------------------------------------------------------------------------------------------

/** Lets pending promise chains (including the fake fetch's body reading) run. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

export class FakeClock implements Clock {
  #now = Date.UTC(2026, 4, 1, 10, 0, 0);
  #next = 1;
  readonly #timers = new Map<number, { at: number; fn: () => void }>();

  now(): number {
    return this.#now;
  }

  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.#next++;
    this.#timers.set(id, { at: this.#now + ms, fn });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.#timers.delete(handle as number);
  }

  /** Moves time forward by `ms`, firing due timers in order and letting promises settle between them. */
  async advance(ms: number): Promise<void> {
    const target = this.#now + ms;
    for (;;) {
      await settle();
      const due = this.#earliest();
      if (due === undefined || due.at > target) break;
      this.#fire(due.id, due.at);
    }
    this.#now = target;
    await settle();
  }

  /** Fires every timer, including those set while firing, until none is left. */
  async runAll(): Promise<void> {
    for (;;) {
      await settle();
      const due = this.#earliest();
      if (due === undefined) return;
      this.#fire(due.id, due.at);
    }
  }

  #earliest(): { id: number; at: number } | undefined {
    let best: { id: number; at: number } | undefined;
    for (const [id, t] of this.#timers) if (best === undefined || t.at < best.at) best = { id, at: t.at };
    return best;
  }

  #fire(id: number, at: number): void {
    const timer = this.#timers.get(id);
    this.#timers.delete(id);
    this.#now = Math.max(this.#now, at);
    timer?.fn();
  }
}

/**
 * Follows a promise without awaiting it. A test reads `outcome()` after moving the fake clock: a promise
 * still pending then fails the test at once, where awaiting it would hang the run.
 */
export function track<T>(promise: Promise<T>) {
  let state: { settled: false } | { settled: true; ok: true; value: T } | { settled: true; ok: false; error: unknown } =
    {
      settled: false,
    };
  promise.then(
    (value) => {
      state = { settled: true, ok: true, value };
    },
    (error: unknown) => {
      state = { settled: true, ok: false, error };
    },
  );
  return {
    get settled() {
      return state.settled;
    },
    /** The value, or throws if the promise is still pending or was rejected. */
    value(): T {
      if (!state.settled) throw new Error('still pending');
      if (!state.ok) throw state.error;
      return state.value;
    },
    /** The rejection, or throws if the promise is still pending or was fulfilled. */
    error(): unknown {
      if (!state.settled) throw new Error('still pending');
      if (state.ok) throw new Error('fulfilled, expected a rejection');
      return state.error;
    },
  };
}
