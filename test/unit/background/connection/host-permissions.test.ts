import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { connect, disconnect } from '@/entrypoints/background/connection/connect';
import { releaseUnneededHosts } from '@/entrypoints/background/connection/host-permissions';
import type { CallFile } from '@/lib/contract/files';
import {
  connected,
  KEY,
  makeCtx,
  me,
  resetBrowser,
  result,
  startedCall,
  type TestCtx,
} from '@/test/unit/background/helpers';

const SITE = 'http://127.0.0.1/*';
const STORAGE = 'https://files.storage-host.example/*';
const EARLIER_SITE = 'https://earlier-site.example/*';
const OLD_STORAGE = 'https://old-storage.example/*';
const EVERY_SITE = 'https://*/*';

const file = (url: string): CallFile => ({
  fileId: 'fil_1',
  untrustedPath: { untrustedText: 'plan.md', truncated: false },
  sizeBytes: 10,
  active: false,
  url,
  expiresAt: '2026-05-01T10:05:00.000Z',
});

let ctx: TestCtx;
let granted: string[];
let remove: ReturnType<typeof vi.fn>;
beforeEach(async () => {
  resetBrowser();
  ctx = makeCtx();
  granted = [SITE, STORAGE, EARLIER_SITE, OLD_STORAGE, EVERY_SITE];
  vi.spyOn(fakeBrowser.permissions, 'getAll').mockImplementation(async () => ({ origins: [...granted] }));
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true);
  remove = vi.fn(async ({ origins }: { origins: string[] }) => {
    granted = granted.filter((o) => !origins.includes(o));
    return true;
  });
  vi.spyOn(fakeBrowser.permissions, 'remove').mockImplementation(remove as never);
  await connected(ctx);
  await startedCall(ctx, 'c1', 'run_1', 'ses_1');
  await ctx.db.calls.update('c1', {
    state: 'finished',
    result: result('run_1', 'ses_1', 'passed', { files: [file('https://files.storage-host.example/b/f?sig=1')] }),
  });
  // A result of an earlier connection, on another storage host: its link cannot be renewed through this one.
  await startedCall(ctx, 'c0', 'run_0', 'ses_0');
  await ctx.db.calls.update('c0', {
    connectionId: 'con_earlier',
    state: 'finished',
    result: result('run_0', 'ses_0', 'passed', { files: [file('https://old-storage.example/f?sig=0')] }),
  });
});

describe('host permissions no longer needed', () => {
  it('keeps the site and the hosts its results link to; gives back an earlier site and an old file host', async () => {
    expect((await releaseUnneededHosts(ctx)).sort()).toEqual([EARLIER_SITE, OLD_STORAGE]);
    // A wildcard the member granted in the browser is theirs.
    expect(granted).toEqual([SITE, STORAGE, EVERY_SITE]);
  });

  it('after disconnecting, the site and its file hosts are given back', async () => {
    await disconnect(ctx);
    expect(granted).toEqual([EVERY_SITE]);
  });

  it('after connecting to another site, the earlier site and its file hosts are given back', async () => {
    ctx.api.claim.mockResolvedValue({
      key: KEY,
      siteUrl: 'https://new-site.example',
      connection: { id: 'con_new', name: 'Laptop', sessionId: null },
      switches: me().switches,
      env: [],
    } as never);
    ctx.api.me.mockResolvedValue(me() as never);
    granted.push('https://new-site.example/*');
    await connect(ctx, { siteUrl: 'https://new-site.example', code: 'GLD-ABCD-EFGH' });
    expect(granted).toEqual([EVERY_SITE, 'https://new-site.example/*']);
  });

  it('a host the manifest grants at install is never given back, though Firefox would let it go', async () => {
    vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({
      manifest_version: 3,
      name: 'x',
      version: '1',
      host_permissions: [OLD_STORAGE],
    });
    expect(await releaseUnneededHosts(ctx)).toEqual([EARLIER_SITE]);
    expect(granted).toContain(OLD_STORAGE);
  });

  it('a permission the browser will not give back (granted by the manifest) does not stop the others', async () => {
    remove.mockImplementationOnce(async () => {
      throw new Error('You cannot remove required permissions.');
    });
    expect(await releaseUnneededHosts(ctx)).toEqual([OLD_STORAGE]);
  });
});
