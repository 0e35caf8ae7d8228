/**
 * The control API acts as the member and as the site without a key: a web page open while `npm start` runs
 * must not reset it or mint connect codes (a cross-site text/plain POST needs no preflight), and a
 * DNS-rebinding page (its own name resolving to 127.0.0.1) must not reach it either.
 */
import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { expectError, useEmulator } from './harness';

const emu = useEmulator();

interface Plain {
  status: number;
  body: unknown;
}

/** A request with exactly these headers (fetch would set Host itself, and the harness its Content-Type). */
function send(path: string, options: { method?: string; headers?: Record<string, string>; body?: string }) {
  const url = new URL(path, emu.url);
  return new Promise<Plain>((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: options.method ?? 'POST',
        headers: { ...options.headers, 'Content-Length': Buffer.byteLength(options.body ?? '') },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => {
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // Not JSON: kept as text.
          }
          resolve({ status: res.statusCode ?? 0, body });
        });
      },
    );
    req.on('error', reject);
    req.end(options.body ?? '');
  });
}

function asAnswer(res: Plain) {
  return { status: res.status, headers: new Headers(), body: res.body, text: JSON.stringify(res.body) };
}

const host = () => new URL(emu.url).host;
const port = () => new URL(emu.url).port;

describe('the control API answers only the developer’s own tools', () => {
  it('refuses a cross-site text/plain POST to /connect-codes, as a web page would send it', async () => {
    const made = await send('/_emulator/connect-codes', {
      headers: { Host: host(), Origin: 'https://evil.example', 'Content-Type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify({ name: 'from a page' }),
    });
    expectError(asAnswer(made), 403, 'not_local');
    expect(JSON.stringify(made.body)).not.toMatch(/"code":"[A-Z]{3}-/);
    // A page cannot reset the site either, with or without a body.
    await emu.advance(3600);
    const reset = await send('/_emulator/reset', { headers: { Host: host(), Origin: 'https://evil.example' } });
    expectError(asAnswer(reset), 403, 'not_local');
    const sandboxed = await send('/_emulator/reset', { headers: { Host: host(), Origin: 'null' } });
    expectError(asAnswer(sandboxed), 403, 'not_local');
    const otherPort = await send('/_emulator/reset', {
      headers: { Host: host(), Origin: `http://127.0.0.1:${Number(port()) + 1}` },
    });
    expectError(asAnswer(otherPort), 403, 'not_local');
    const clock = await emu.ctl<{ now: string }>('GET', '/clock');
    const { now } = await emu.ctl<{ now: string }>('POST', '/reset');
    expect(clock.now).not.toBe(now);
  });

  it('refuses a body not said as JSON, even with no Origin', async () => {
    for (const type of [undefined, 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data']) {
      const headers: Record<string, string> = { Host: host() };
      if (type) headers['Content-Type'] = type;
      const made = await send('/_emulator/connect-codes', { headers, body: '{}' });
      expectError(asAnswer(made), 415, 'not_json_type');
    }
  });

  it('refuses a Host that is not a loopback name (a DNS-rebinding page sends its own)', async () => {
    for (const name of [
      `evil.example:${port()}`,
      'evil.example',
      `192.168.1.20:${port()}`,
      `127.0.0.1.evil.example:${port()}`,
    ]) {
      const read = await send('/_emulator/requests', { method: 'GET', headers: { Host: name } });
      expectError(asAnswer(read), 403, 'not_local');
      const made = await send('/_emulator/connect-codes', {
        headers: { Host: name, Origin: `http://${name}`, 'Content-Type': 'application/json' },
        body: '{}',
      });
      expectError(asAnswer(made), 403, 'not_local');
    }
  });

  it('answers the normal JSON call from a loopback name, with no Origin or its own', async () => {
    for (const name of [host(), `localhost:${port()}`, `[::1]:${port()}`, 'LOCALHOST']) {
      const made = await send('/_emulator/connect-codes', {
        headers: { Host: name, 'Content-Type': 'application/json; charset=utf-8' },
        body: JSON.stringify({ name: 'from the rig' }),
      });
      expect(made.status, name).toBe(201);
      expect(made.body).toMatchObject({ code: expect.stringMatching(/^[A-Z]{3}-/) });
    }
    const own = await send('/_emulator/connect-codes', {
      headers: { Host: host(), Origin: emu.url, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(own.status).toBe(201);
    // A bodyless POST needs no Content-Type; node's fetch (the rigs' way) sends no Origin.
    expect((await send('/_emulator/reset', { headers: { Host: host() } })).status).toBe(200);
    const viaFetch = await fetch(`${emu.url}/_emulator/connect-codes`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(viaFetch.status).toBe(201);
  });

  it('leaves the Connection API as it is: its hosts and origins are the contract’s business', async () => {
    const me = await send('/api/v1/me', {
      method: 'GET',
      headers: {
        Host: `evil.example:${port()}`,
        Authorization: 'Bearer gpc_DEMO_local_emulator_key_not_a_secret_xxxxxx',
      },
    });
    expect(me.status).toBe(200);
  });
});
