/**
 * The claim over real HTTP against the emulator: a site (or a proxy in front of it) answering POST
 * /connections/claim with a 307 must not get the connect code posted to the redirect's target.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@/lib/api/client';
import { startTestEmulator, type TestEmulator } from '@/testing/emulator';

let emu: TestEmulator;
let target: Server;
let targetUrl: string;
const received: { method: string | undefined; url: string | undefined; body: string }[] = [];

beforeAll(async () => {
  emu = await startTestEmulator({ clock: { realTime: false } });
  // Where the redirect points: it records whatever reaches it.
  target = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += String(chunk);
    });
    req.on('end', () => {
      received.push({ method: req.method, url: req.url, body });
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/catch`;
});
afterAll(async () => {
  await emu?.close();
  await new Promise((resolve) => target?.close(resolve));
});

describe('the claim and a redirect', () => {
  it('is refused, in words, and nothing reaches the redirect target; the code still claims afterwards', async () => {
    const made = await emu.control.connectCode();
    await emu.control.fault({ method: 'POST', path: '/api/v1/connections/claim', status: 307, redirectTo: targetUrl });
    const api = createClient({ siteUrl: emu.url });
    await expect(api.claim(made.code)).rejects.toMatchObject({ kind: 'malformed', what: 'redirect' });
    expect(received).toEqual([]);
    // The site processed nothing either: the same code is still good.
    expect((await api.claim(made.code)).key).toMatch(/\S/);
  });
});
