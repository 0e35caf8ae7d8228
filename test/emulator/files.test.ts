import { describe, expect, it } from 'vitest';
import { CallResultSchema } from '@/lib/contract/calls';
import { ConnectionSchema } from '@/lib/contract/connection';
import { UploadedFileSchema } from '@/lib/contract/files';
import { buildZip } from '@/emulator/zip';
import { expectError, parse, useEmulator } from './harness';

const emu = useEmulator();

const b64 = (text: string | Buffer) => Buffer.from(text).toString('base64');

async function upload(name: string, content: string | Buffer, key?: string) {
  return emu.api('/files', { body: { name, contentBase64: b64(content) }, ...(key ? { key } : {}) });
}

async function passedResult(agentId: string) {
  const { runId } = await emu.start({ agentId, callId: 'question', question: 'files please', maxCents: 100 });
  await emu.advance(10);
  return parse(CallResultSchema, (await emu.api(`/calls/${runId}`)).body);
}

describe('POST /files', () => {
  it('needs the files switch', async () => {
    const { key } = await emu.connect({ switches: { files: false } });
    expect(expectError(await upload('a.txt', 'hello', key), 403, 'switched_off').reason).toBe('files');
  });

  it('flags scripts, macro documents, HTML, SVG, programs and archives holding one as active', async () => {
    const cases: [string, string | Buffer, boolean][] = [
      ['notes.txt', 'plain words', false],
      ['run.sh', 'echo hi', true],
      ['report.docm', 'macro', true],
      ['page.html', 'hi', true],
      ['logo.svg', '<svg/>', true],
      ['tool.exe', 'MZ....', true],
      ['noext', '#!/bin/sh\necho hi', true],
      ['mystery.bin.txt', 'MZ\x90\x00', true],
      ['scripts.zip', buildZip([{ path: 'a/install.ps1', data: Buffer.from('x') }]), true],
      ['text.zip', buildZip([{ path: 'a/readme.md', data: Buffer.from('x') }]), false],
      ['broken.zip', 'not really a zip', true],
      ['bundle.tar.gz', 'gz', true],
    ];
    for (const [name, content, active] of cases) {
      const res = await upload(name, content);
      expect(res.status, name).toBe(201);
      const file = parse(UploadedFileSchema, res.body);
      expect(file.active, name).toBe(active);
      expect(file.untrustedPath.untrustedText).toBe(name);
      expect(file.sizeBytes).toBe(Buffer.from(content).length);
    }
  });

  it('refuses a file holding a secret, a bad body, and a body over 64 KB', async () => {
    expectError(await upload('.env', 'DATABASE_PASSWORD=correct-horse-battery-9'), 400, 'secret_in_details');
    expectError(await emu.api('/files', { body: { name: '', contentBase64: '' } }), 400, 'invalid_input');
    expectError(
      await emu.api('/files', { body: { name: 'a.txt', contentBase64: 'not base64!' } }),
      400,
      'invalid_input',
    );
    expectError(await upload('big.txt', 'x'.repeat(60_000)), 413, 'too_large');
  });

  it("files go with a call only while they are the member's and unexpired", async () => {
    const file = parse(UploadedFileSchema, (await upload('notes.txt', 'hello')).body);
    expect(
      (
        await emu.api('/calls', {
          body: { agentId: 'agt_shell', callId: 'question', question: 'see file', fileIds: [file.fileId] },
        })
      ).status,
    ).toBe(202);
    const other = await emu.connect({ memberId: 'mem_contrib', switches: { files: true } });
    expectError(
      await emu.api('/calls', {
        key: other.key,
        body: { agentId: 'agt_shell', callId: 'question', fileIds: [file.fileId] },
      }),
      404,
      'not_found',
    );
    await emu.advance(24 * 3600 + 1);
    expectError(
      await emu.api('/calls', { body: { agentId: 'agt_shell', callId: 'question', fileIds: [file.fileId] } }),
      404,
      'not_found',
    );
  });
});

describe('result files and downloads', () => {
  it('hands in files with signed links good for 300 seconds, active ones flagged', async () => {
    const call = await passedResult('agt_installer');
    expect(call.files.map((f) => [f.untrustedPath.untrustedText, f.active])).toEqual([
      ['setup.exe', true],
      ['bundle.zip', true],
      ['docs.zip', false],
      ['README.txt', false],
    ]);
    const readme = call.files[3];
    expect(readme?.url.startsWith(`${emu.url}/api/v1/files/${readme.fileId}?exp=`)).toBe(true);
    const fetched = await fetch(readme?.url ?? '');
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(fetched.headers.get('content-type')).toBe('application/octet-stream');
    expect(await fetched.text()).toBe('Nothing here runs.');
    await emu.advance(299);
    expect((await fetch(readme?.url ?? '')).status).toBe(200);
    await emu.advance(2);
    expectError(
      await emu.request(new URL(readme?.url ?? '').pathname + new URL(readme?.url ?? '').search, { key: null }),
      403,
      'link_expired',
    );
    // Reading the call again gives fresh links.
    const again = parse(CallResultSchema, (await emu.api(`/calls/${call.runId}`)).body);
    expect(again.files[3]?.url).not.toBe(readme?.url);
    expect((await fetch(again.files[3]?.url ?? '')).status).toBe(200);
    const tampered = new URL(again.files[3]?.url ?? '');
    tampered.searchParams.set('exp', String(Number(tampered.searchParams.get('exp')) + 600));
    expectError(await emu.request(tampered.pathname + tampered.search, { key: null }), 404, 'not_found');
    const crossed = new URL(again.files[3]?.url ?? '');
    expectError(
      await emu.request(`/api/v1/files/${again.files[0]?.fileId}${crossed.search}`, { key: null }),
      404,
      'not_found',
    );
  });

  it('HTML and SVG results are attachments that never render', async () => {
    const call = await passedResult('agt_webpage');
    const html = call.files.find((f) => f.untrustedPath.untrustedText === 'site/index.html');
    expect(html?.active).toBe(true);
    expect(call.files.find((f) => f.untrustedPath.untrustedText.startsWith('<img'))?.active).toBe(false);
    const res = await fetch(html?.url ?? '');
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('downloads: 20 MB in any 24 hours, shown as downloadsLeftBytes', async () => {
    await emu.behaviour('agt_rust', { files: [{ path: 'big.bin', sizeBytes: 8_000_000 }] });
    const call = await passedResult('agt_rust');
    const url = call.files[0]?.url ?? '';
    for (let i = 0; i < 2; i++) expect((await fetch(url)).status).toBe(200);
    const me = parse(ConnectionSchema, (await emu.api('/me')).body);
    expect(me.downloadsLeftBytes).toBe(4_000_000);
    const refused = await emu.request(new URL(url).pathname + new URL(url).search, { key: null });
    const error = expectError(refused, 429, 'download_limit');
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(error.until).toBeDefined();
    await emu.advance(24 * 3600 - 200);
    const fresh = parse(CallResultSchema, (await emu.api(`/calls/${call.runId}`)).body).files[0]?.url ?? '';
    expect((await fetch(fresh)).status).toBe(429);
    await emu.advance(201);
    expect((await fetch(fresh)).status).toBe(200);
  });
});
