import { describe, expect, it, vi } from 'vitest';
import { UploadFileRequestSchema } from '@/lib/contract/files';
import { addAttachments, filesToSend, judgeAttachments, removeAttachment } from '@/lib/files/attachments';
import { base64Length, encodeBase64 } from '@/lib/files/base64';
import { checkContent, checkFile, type FileSource, fileSource } from '@/lib/files/upload-checks';
import { buildUploadRequest, maxUploadContentBytes, uploadBodyBytes } from '@/lib/files/upload-request';
import type { SecretFinding } from '@/lib/words/secrets';
import { MAX_BODY_BYTES } from '@/lib/contract/limits';

const GITHUB_TOKEN = `ghp_${'a1B2c3D4e5'.repeat(4)}`;

function bytesOf(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

function source(name: string, bytes: Uint8Array, type = 'text/plain'): FileSource & { read: ReturnType<typeof vi.fn> } {
  return { name, type, sizeBytes: bytes.length, read: vi.fn(async () => bytes) };
}

function sentBodyBytes(name: string, bytes: Uint8Array, sessionId?: string | null): number {
  // Counted by Node, independently of the module's own counting.
  return Buffer.byteLength(JSON.stringify(buildUploadRequest(name, bytes, sessionId)), 'utf8');
}

let counter = 0;
const makeId = () => `id${++counter}`;

describe('base64', () => {
  it('matches the standard encoding for every padding case', () => {
    for (let n = 0; n <= 10; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 97 + 13) & 255);
      expect(encodeBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
      expect(encodeBase64(bytes).length).toBe(base64Length(n));
    }
  });
  it('encodes a large buffer without running out of stack', () => {
    const bytes = Uint8Array.from({ length: 3_000_001 }, (_, i) => (i * 31) & 255);
    expect(encodeBase64(bytes.buffer)).toBe(Buffer.from(bytes).toString('base64'));
  });
  it('encodes only the viewed part of a typed array', () => {
    const whole = Uint8Array.from([1, 2, 3, 4, 5, 6]);
    expect(encodeBase64(whole.subarray(2, 5))).toBe(Buffer.from([3, 4, 5]).toString('base64'));
  });
});

describe('upload body size', () => {
  it('is the exact UTF-8 length of the JSON that is sent, with escapes and non-ASCII names', () => {
    const names = ['a.txt', 'quote"back\\slash.md', 'résumé 🚀.csv', 'tab\there.txt', 'lone\ud800.txt'];
    for (const name of names) {
      for (const sessionId of [undefined, null, 'session-1']) {
        for (const n of [0, 1, 2, 3, 1000]) {
          const bytes = new Uint8Array(n).fill(200);
          expect(uploadBodyBytes(name, n, sessionId), `${name} ${sessionId} ${n}`).toBe(
            sentBodyBytes(name, bytes, sessionId),
          );
        }
      }
    }
  });
  it('builds a request the schema accepts', () => {
    const request = buildUploadRequest('a.txt', bytesOf('hello'), 'sess');
    expect(UploadFileRequestSchema.safeParse(request).success).toBe(true);
    expect(request).toEqual({ name: 'a.txt', contentBase64: 'aGVsbG8=', sessionId: 'sess' });
    expect('sessionId' in buildUploadRequest('a.txt', bytesOf('x'))).toBe(false);
  });
});

describe('size at the 64 KB edge', () => {
  // {"name":"","contentBase64":""} is 30 bytes; a 6-letter name makes 36, so the rest (63,964) is a
  // whole number of base64 quartets and a body of exactly 64,000 bytes exists.
  const name = 'data.b';
  const most = maxUploadContentBytes(name);

  it('passes a file whose body is exactly 64 KB', () => {
    expect(most).toBe(47_973);
    const bytes = new Uint8Array(most).fill(0);
    expect(sentBodyBytes(name, bytes)).toBe(MAX_BODY_BYTES);
    const verdict = checkContent({ name, type: 'application/octet-stream', sizeBytes: most }, bytes);
    expect(verdict).toEqual({ ok: true, bodyBytes: MAX_BODY_BYTES, scanned: false });
  });
  it('refuses one byte more and says how large it may be', () => {
    const bytes = new Uint8Array(most + 1).fill(0);
    expect(sentBodyBytes(name, bytes)).toBeGreaterThan(MAX_BODY_BYTES);
    const verdict = checkContent({ name, type: 'application/octet-stream', sizeBytes: most + 1 }, bytes);
    expect(verdict.ok).toBe(false);
    if (verdict.ok) return;
    expect(verdict.reason).toBe('too_large');
    expect(verdict.message).toContain('47,973 bytes');
  });
  it('counts the name and the session id in the body', () => {
    expect(maxUploadContentBytes('a-much-longer-name-for-the-same-file.b')).toBeLessThan(most);
    expect(maxUploadContentBytes(name, 'session-id')).toBeLessThan(most);
  });
  it('never reads a file that is too large by its size', async () => {
    const big = source('big.txt', new Uint8Array(0));
    big.sizeBytes = 10_000_000;
    const checked = await checkFile(big);
    expect(checked.verdict.ok).toBe(false);
    expect(big.read).not.toHaveBeenCalled();
  });
  it('judges the bytes read, not the size the browser reported', async () => {
    const file = source('data.b', new Uint8Array(most + 1), 'application/octet-stream');
    file.sizeBytes = 10;
    expect((await checkFile(file)).verdict).toMatchObject({ ok: false, reason: 'too_large' });
  });
});

describe('names', () => {
  it('takes 255 characters and refuses 256', () => {
    expect(checkContent({ name: 'n'.repeat(255), type: 'image/png', sizeBytes: 1 }, Uint8Array.of(0)).ok).toBe(true);
    const refused = checkContent({ name: 'n'.repeat(256), type: 'image/png', sizeBytes: 1 }, Uint8Array.of(0));
    expect(refused).toMatchObject({ ok: false, reason: 'name' });
  });
  it('counts an emoji as one character', () => {
    const name = `${'🚀'.repeat(250)}.txt1`;
    expect(checkContent({ name, type: 'image/png', sizeBytes: 1 }, Uint8Array.of(0)).ok).toBe(true);
  });
});

describe('secret guard on text files', () => {
  it('refuses a text file holding a token and names what it found', () => {
    const bytes = bytesOf(`# settings\nGITHUB=${GITHUB_TOKEN}\n`);
    const verdict = checkContent({ name: 'notes.txt', type: 'text/plain', sizeBytes: bytes.length }, bytes);
    expect(verdict.ok).toBe(false);
    if (verdict.ok) return;
    expect(verdict.reason).toBe('secret');
    expect(verdict.message).toContain('a GitHub token');
    expect(verdict.message).not.toContain(GITHUB_TOKEN);
    expect(verdict.secrets?.map((s) => s.kind)).toContain('github_token');
  });
  it('scans a file without a type when its bytes are text (.env)', () => {
    const bytes = bytesOf('DB_PASSWORD=Sup3r-s3cret-value\n');
    expect(checkContent({ name: '.env', type: '', sizeBytes: bytes.length }, bytes)).toMatchObject({
      ok: false,
      reason: 'secret',
    });
  });
  it('scans a text file with a BOM in UTF-16', () => {
    const text = `token = "${GITHUB_TOKEN}"`;
    const utf16 = new Uint8Array(2 + text.length * 2);
    utf16.set([0xff, 0xfe]);
    for (let i = 0; i < text.length; i++) utf16[2 + i * 2] = text.charCodeAt(i);
    expect(checkContent({ name: 'win.txt', type: '', sizeBytes: utf16.length }, utf16)).toMatchObject({
      ok: false,
      reason: 'secret',
    });
  });
  it('scans a file typed as text even when it holds a NUL byte', () => {
    const bytes = bytesOf(`a\u0000b ${GITHUB_TOKEN}`);
    expect(checkContent({ name: 'a.json', type: 'application/json', sizeBytes: bytes.length }, bytes)).toMatchObject({
      ok: false,
      reason: 'secret',
    });
  });
  it('passes a clean text file and says it was scanned', () => {
    const bytes = bytesOf('Plan: move the shed. Password policy: ask the member.');
    expect(checkContent({ name: 'plan.md', type: 'text/markdown', sizeBytes: bytes.length }, bytes)).toMatchObject({
      ok: true,
      scanned: true,
    });
  });
  it('does not scan a binary file, even with token-like bytes in it', () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, ...bytesOf(GITHUB_TOKEN), 0x00]);
    const guard = vi.fn((): SecretFinding[] => [{ kind: 'jwt', label: 'x' }]);
    const verdict = checkContent({ name: 'image.png', type: 'image/png', sizeBytes: bytes.length }, bytes, {
      findSecrets: guard,
    });
    expect(verdict).toMatchObject({ ok: true, scanned: false });
    expect(guard).not.toHaveBeenCalled();
  });
  it('treats bytes full of control characters as binary', () => {
    const bytes = Uint8Array.from({ length: 100 }, (_, i) => (i % 2 ? 0x01 : 0x41));
    const guard = vi.fn(() => []);
    expect(checkContent({ name: 'blob', type: '', sizeBytes: 100 }, bytes, { findSecrets: guard })).toMatchObject({
      ok: true,
      scanned: false,
    });
    expect(guard).not.toHaveBeenCalled();
  });
  it('reads a real File through fileSource', async () => {
    const file = new File([`key: "${GITHUB_TOKEN}"`], 'conf.yaml', { type: '' });
    expect((await checkFile(fileSource(file))).verdict).toMatchObject({ ok: false, reason: 'secret' });
  });
  it('says so when a file cannot be read', async () => {
    const broken: FileSource = {
      name: 'gone.txt',
      type: 'text/plain',
      sizeBytes: 4,
      read: () => Promise.reject(new Error('NotReadableError')),
    };
    expect((await checkFile(broken)).verdict).toMatchObject({ ok: false, reason: 'unreadable' });
  });
});

describe('at most 6 files with one call', () => {
  const seven = () => Array.from({ length: 7 }, (_, i) => source(`f${i}.txt`, bytesOf(`file ${i}`)));

  it('refuses the seventh file and keeps the first six', async () => {
    const list = await addAttachments([], seven(), { makeId });
    const judged = judgeAttachments(list);
    expect(judged.slice(0, 6).every((a) => a.verdict.ok)).toBe(true);
    expect(judged[6]?.verdict).toMatchObject({ ok: false, reason: 'too_many' });
    expect(filesToSend(list).ok).toBe(false);
  });
  it('lets the seventh go once one is removed', async () => {
    const list = await addAttachments([], seven(), { makeId });
    const fewer = removeAttachment(list, list[0]!.id);
    expect(judgeAttachments(fewer).every((a) => a.verdict.ok)).toBe(true);
    const send = filesToSend(fewer);
    expect(send.ok && send.files.map((f) => f.name)).toEqual([
      'f1.txt',
      'f2.txt',
      'f3.txt',
      'f4.txt',
      'f5.txt',
      'f6.txt',
    ]);
  });
  it('does not let a refused file take a place', async () => {
    const list = await addAttachments(
      [],
      [source('secret.txt', bytesOf(`t=${GITHUB_TOKEN}`)), ...seven().slice(0, 6)],
      { makeId },
    );
    const judged = judgeAttachments(list);
    expect(judged.filter((a) => a.verdict.ok)).toHaveLength(6);
    expect(judged[0]?.verdict).toMatchObject({ reason: 'secret' });
  });
  it('refuses the same file twice', async () => {
    const list = await addAttachments([], [source('a.txt', bytesOf('same')), source('a.txt', bytesOf('same'))], {
      makeId,
    });
    expect(judgeAttachments(list)[1]?.verdict).toMatchObject({ ok: false, reason: 'duplicate' });
  });
  it('hands over exactly the bytes that were checked', async () => {
    const list = await addAttachments([], [source('a.txt', bytesOf('one')), source('b.bin', Uint8Array.of(0, 1))], {
      makeId,
    });
    const send = filesToSend(list);
    expect(send.ok).toBe(true);
    if (!send.ok) return;
    expect(send.files.map((f) => [f.name, Array.from(f.bytes)])).toEqual([
      ['a.txt', Array.from(bytesOf('one'))],
      ['b.bin', [0, 1]],
    ]);
  });
});
