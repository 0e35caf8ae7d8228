/**
 * Load check: mixed API requests against an emulator on loopback for a bounded time, then a report of
 * the rate reached, errors and latency percentiles.
 *
 *   node --import tsx emulator/load.ts [--seconds 5] [--rate 1200] [--concurrency 48] [--url http://127.0.0.1:8787]
 *
 * Without --url it starts its own emulator in a child process (so client and server do not share one
 * event loop) and stops it at the end. It only ever talks to 127.0.0.1, and stops by itself.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    rate: { type: 'string', default: '1200' },
    concurrency: { type: 'string', default: '48' },
    connections: { type: 'string', default: '24' },
    url: { type: 'string' },
  },
});

const seconds = Math.min(60, Math.max(1, Number(values.seconds)));
const targetRate = Math.min(20_000, Math.max(1, Number(values.rate)));
const concurrency = Math.min(512, Math.max(1, Number(values.concurrency)));
const connectionCount = Math.min(200, Math.max(1, Number(values.connections)));

async function startChild(): Promise<{ url: string; child: ChildProcess }> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', 'emulator/cli.ts', '--port', '0', '--host', '127.0.0.1'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout?.setEncoding('utf8');
  let out = '';
  while (!/listening on (http:\/\/127\.0\.0\.1:\d+)/.test(out)) {
    const [chunk] = (await once(child.stdout as NodeJS.ReadableStream, 'data')) as [string];
    out += chunk;
  }
  return { url: out.match(/listening on (http:\/\/127\.0\.0\.1:\d+)/)?.[1] ?? '', child };
}

async function json(url: string, init: RequestInit = {}): Promise<unknown> {
  const res = await fetch(url, { ...init, headers: { 'Content-Type': 'application/json', ...init.headers } });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

interface Conn {
  key: string;
  sessionId: string;
  runIds: string[];
}

/** Connections with room for the whole run (the per-connection rate of G18 is 6000 a minute). */
async function prepare(base: string): Promise<Conn[]> {
  await json(`${base}/_emulator/reset`, { method: 'POST', body: '{}' });
  await json(`${base}/_emulator/members/mem_demo/credits`, {
    method: 'POST',
    body: JSON.stringify({ purchasedCents: 100_000_000 }),
  });
  const conns: Conn[] = [];
  for (let i = 0; i < connectionCount; i++) {
    // Claims are limited per address (G18): move the emulator's clock past the minute.
    if (i > 0 && i % 20 === 0)
      await json(`${base}/_emulator/clock`, { method: 'POST', body: JSON.stringify({ advanceSeconds: 61 }) });
    const made = (await json(`${base}/_emulator/connect-codes`, {
      method: 'POST',
      body: JSON.stringify({
        memberId: 'mem_demo',
        name: `load ${i}`,
        keepsFindings: true,
        limits: { sessionsPerDay: 100_000, callsPerDay: 100_000, openCallsMax: 100_000 },
      }),
    })) as { code: string };
    const claimed = (await json(`${base}/api/v1/connections/claim`, {
      method: 'POST',
      body: JSON.stringify({ code: made.code }),
    })) as { key: string };
    const session = (await json(`${base}/api/v1/sessions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${claimed.key}` },
      body: JSON.stringify({ agentId: 'agt_postgres', way: 'question' }),
    })) as { sessionId: string };
    conns.push({ key: claimed.key, sessionId: session.sessionId, runIds: [] });
  }
  return conns;
}

const AGENTS = ['agt_postgres', 'agt_shell', 'agt_react', 'agt_api', 'agt_docs', 'agt_data'];
const WORDS = [
  'postgres slow query',
  'bash script quoting',
  'react hooks migration',
  'openapi pagination',
  'readme tutorial',
  'kafka airflow backfill',
];

type Request = { method: string; path: string; body?: unknown; idem?: boolean; expect: number };

/** One request of the mix, by weight: reads dominate, as a polling client's traffic does. */
function pick(conn: Conn, n: number): Request {
  const r = n % 100;
  const agent = AGENTS[n % AGENTS.length] ?? 'agt_postgres';
  if (r < 22) return { method: 'GET', path: '/me', expect: 200 };
  if (r < 40) return { method: 'POST', path: '/find', body: { description: WORDS[n % WORDS.length] }, expect: 200 };
  if (r < 48) return { method: 'GET', path: '/agents?limit=10', expect: 200 };
  if (r < 53) return { method: 'GET', path: `/agents/${agent}`, expect: 200 };
  if (r < 62) return { method: 'GET', path: `/agents/${agent}/calls/question/preview`, expect: 200 };
  if (r < 72) {
    const body = {
      agentId: 'agt_postgres',
      callId: 'question',
      sessionId: conn.sessionId,
      question: `Why is query ${n} slow?`,
      maxCents: 10,
    };
    return { method: 'POST', path: '/calls', body, idem: true, expect: 202 };
  }
  const runId = conn.runIds[n % Math.max(1, conn.runIds.length)];
  if (r < 90 && runId) return { method: 'GET', path: `/calls/${runId}`, expect: 200 };
  if (r < 96) return { method: 'GET', path: `/sessions/${conn.sessionId}`, expect: 200 };
  return { method: 'GET', path: '/findings', expect: 200 };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function run(base: string): Promise<boolean> {
  const conns = await prepare(base);
  const latencies: number[] = [];
  const errors = new Map<string, number>();
  let sent = 0;
  let done = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  const intervalMs = 1000 / targetRate;

  async function worker(w: number): Promise<void> {
    while (true) {
      // Paced to the target rate: request n may not leave before start + n / rate.
      const n = sent++;
      const due = start + n * intervalMs;
      const now = performance.now();
      if (due >= end) return;
      if (due > now) await new Promise((r) => setTimeout(r, due - now));
      const conn = conns[(n + w) % conns.length] as Conn;
      const req = pick(conn, n);
      const headers: Record<string, string> = { Authorization: `Bearer ${conn.key}` };
      if (req.body !== undefined) headers['Content-Type'] = 'application/json';
      if (req.idem) headers['Idempotency-Key'] = `load-${n}-${w}`;
      const t0 = performance.now();
      try {
        const res = await fetch(`${base}/api/v1${req.path}`, {
          method: req.method,
          headers,
          body: req.body === undefined ? undefined : JSON.stringify(req.body),
        });
        const text = await res.text();
        latencies.push(performance.now() - t0);
        done++;
        if (res.status !== req.expect) {
          const label = `${req.method} ${req.path.split('?')[0]?.replace(/\/(run|ses|agt)_[^/]+/g, '/{id}')} -> ${res.status}`;
          errors.set(label, (errors.get(label) ?? 0) + 1);
        } else if (req.path === '/calls') {
          conn.runIds.push((JSON.parse(text) as { runId: string }).runId);
          if (conn.runIds.length > 50) conn.runIds.shift();
        }
      } catch (error) {
        done++;
        const label = `network: ${error instanceof Error ? error.message : String(error)}`;
        errors.set(label, (errors.get(label) ?? 0) + 1);
      }
    }
  }

  await Promise.all(Array.from({ length: concurrency }, (_, w) => worker(w)));
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  console.log(
    `requests:     ${done} in ${elapsed.toFixed(2)} s over ${conns.length} connections, ${concurrency} in flight at most`,
  );
  console.log(`rate:         ${(done / elapsed).toFixed(0)} requests a second (target ${targetRate})`);
  console.log(`errors:       ${errorCount}`);
  for (const [label, count] of errors) console.log(`  ${count} × ${label}`);
  console.log(
    `latency:      p50 ${ms(percentile(latencies, 50))}, p90 ${ms(percentile(latencies, 90))}, p99 ${ms(percentile(latencies, 99))}, max ${ms(latencies.at(-1) ?? 0)}`,
  );
  return errorCount === 0;
}

let child: ChildProcess | undefined;
let base = values.url;
if (base !== undefined) {
  const host = new URL(base).hostname;
  if (host !== '127.0.0.1') {
    console.error('--url must be on 127.0.0.1: this load check never leaves the machine.');
    process.exit(2);
  }
} else {
  const started = await startChild();
  child = started.child;
  base = started.url;
}
console.log(`load: ${seconds} s of mixed requests at up to ${targetRate} a second against ${base}`);

let ok = false;
try {
  ok = await run(base);
} finally {
  if (child) {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
}
process.exit(ok ? 0 : 1);
