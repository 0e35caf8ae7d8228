/**
 * The emulator as tests and scripts start it: in this process, with a typed client for its control API (the
 * member on the site, and the site itself: faults, the clock, the request log). Free of vitest and of any
 * browser, so scripts/, test/ and the background's emulator unit tests all use it.
 */
import { type EmulatorOptions, type Profile, type RunningEmulator, startEmulator } from '@/emulator/index';
import type { RequestLogRec } from '@/emulator/store';

/** A request as the emulator's log keeps it (GET /_emulator/requests). */
export type LoggedRequest = RequestLogRec;

export interface MadeCode {
  code: string;
  connectionId: string;
  memberId: string;
  expiresAt: string;
}

interface EmulatorSession {
  sessionId: string;
  memberId: string;
  agentId: string;
  way: string | null;
  status: string;
  calls: number;
}

interface FaultSpec {
  method?: string;
  path: string;
  status?: number;
  code?: string;
  /** Answer a redirect (307 unless a 3xx status is given) to this address. */
  redirectTo?: string;
  retryAfter?: number;
  delayMs?: number;
  drop?: boolean;
  /** Top-level fields left out of the 2xx JSON answer. */
  omit?: string[];
  /** Fields of the 2xx JSON answer set to a JSON value, by dotted path (`questions.pass.fit`). */
  set?: { path: string; value: unknown }[];
  count?: number;
}

/** The emulator's control API (emulator/README.md), as the member on the site and as the site itself. */
class EmulatorControl {
  constructor(readonly url: string) {}

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.url}/_emulator${path}`, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status >= 300) throw new Error(`control ${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  reset(): Promise<unknown> {
    return this.call('POST', '/reset');
  }

  connectCode(options: Record<string, unknown> = {}): Promise<MadeCode> {
    return this.call<MadeCode>('POST', '/connect-codes', options);
  }

  patchConnection(connectionId: string, body: Record<string, unknown>): Promise<unknown> {
    return this.call('PATCH', `/connections/${connectionId}`, body);
  }

  revoke(connectionId: string): Promise<unknown> {
    return this.call('POST', `/connections/${connectionId}/revoke`);
  }

  /** Moves the site's clock on (the emulator started with realTime off moves only so). */
  advanceClock(seconds: number): Promise<unknown> {
    return this.call('POST', '/clock', { advanceSeconds: seconds });
  }

  fault(spec: FaultSpec): Promise<unknown> {
    return this.call('POST', '/faults', spec);
  }

  async requests(prefix = '/api/'): Promise<LoggedRequest[]> {
    return (await this.call<{ requests: LoggedRequest[] }>('GET', `/requests?path=${encodeURIComponent(prefix)}`))
      .requests;
  }

  clearRequests(): Promise<unknown> {
    return this.call('DELETE', '/requests');
  }

  async sessions(memberId?: string): Promise<EmulatorSession[]> {
    const query = memberId ? `?memberId=${encodeURIComponent(memberId)}` : '';
    return (await this.call<{ sessions: EmulatorSession[] }>('GET', `/sessions${query}`)).sessions;
  }

  /** GETs of signed file links: on the site (/api/v1/files/, default profile) or the strict file host (/dl/). */
  async fileGets(): Promise<LoggedRequest[]> {
    const all = [...(await this.requests('/api/v1/files/')), ...(await this.requests('/dl/'))];
    return all.filter((r) => r.method === 'GET').sort((a, b) => a.at.localeCompare(b.at));
  }

  /** The POST /calls requests (starts, not stop or report). */
  async callStarts(): Promise<LoggedRequest[]> {
    return (await this.requests('/api/v1/calls')).filter((r) => r.method === 'POST' && r.path === '/api/v1/calls');
  }
}

export interface TestEmulator {
  url: string;
  control: EmulatorControl;
  /** The emulator's state, for in-process tools (the bench reads a call's timeline); tests use HTTP. */
  raw: RunningEmulator;
  close(): Promise<void>;
}

/** Both emulator profiles: the e2e suites that cover the member's journey run against each. */
export const PROFILES: readonly Profile[] = ['default', 'strict'];

export async function startTestEmulator(
  options: Pick<EmulatorOptions, 'port' | 'clock' | 'profile' | 'seed'> = {},
): Promise<TestEmulator> {
  const raw = await startEmulator({
    port: options.port ?? 0,
    clock: options.clock,
    profile: options.profile,
    seed: options.seed,
  });
  return { url: raw.url, control: new EmulatorControl(raw.url), raw, close: () => raw.close() };
}
