/**
 * Files and sharing in the real browser against the emulator: a call with two attached files, a result's
 * plain file downloaded on a click through its signed link (no key) while its active file is never
 * fetched before the member confirms, and a share draft taken to the site's sign-off page.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import type { LoadedExtension } from './browser';
import { closePanelWithEmulator, connectPanel, openPanelWithEmulator, PROFILES, type TestEmulator } from './harness';

interface DownloadItem {
  url: string;
  finalUrl: string;
  state: string;
  filename: string;
}

interface ChromeDownloads {
  chrome: { downloads: { search(query: object): Promise<DownloadItem[]> } };
}

for (const profile of PROFILES) {
  describe(`files and sharing (${profile} profile)`, () => {
  let emu: TestEmulator;
  let ext: LoadedExtension;
  let panel: Page;

  async function chooseAgent(search: string, agentName: string): Promise<void> {
    await panel.getByRole('button', { name: 'Find', exact: true }).click();
    await panel.getByLabel('What do you need?').fill(search);
    await panel.getByRole('button', { name: 'Find agents' }).click();
    await panel.getByRole('button', { name: `Preview a call to ${agentName}` }).click();
    await panel.getByRole('form', { name: 'Start a call' }).waitFor();
  }

  beforeAll(async () => {
    ({ emu, ext, panel } = await openPanelWithEmulator(profile));
    const { code } = await emu.control.connectCode({
      name: 'E2E files',
      switches: { files: true, sharing: true, spending: true, askBeforeNewAgent: false, tryNewAgents: true },
      keepsFindings: true,
    });
    await connectPanel(panel, emu.url, code);
  });

  afterAll(() => closePanelWithEmulator({ emu, ext }));

  test.runIf(profile === 'default')('a call with two attached files: both uploaded, then the call names them', async () => {
    await chooseAgent('Tune postgres indexes and vacuum', 'Postgres Tuning Guild');
    await panel.getByLabel(/^Details/).fill('Please look at these two files.');
    await panel.getByLabel('Choose files').setInputFiles([
      { name: 'slow-query.sql', mimeType: 'application/sql', buffer: Buffer.from('SELECT * FROM orders WHERE customer_id = 42;') },
      { name: 'postgresql.conf', mimeType: 'text/plain', buffer: Buffer.from('shared_buffers = 128MB\nwork_mem = 4MB\n') },
    ]);
    await panel.getByText('2 of 6 files will be sent.').waitFor();
    await panel.getByRole('button', { name: 'Start the call' }).click();
    // The form gives way to the call's view once POST /calls was answered.
    await panel.getByRole('form', { name: 'Start a call' }).waitFor({ state: 'detached' });

    const uploads = (await emu.control.requests('/api/v1/files')).filter((r) => r.method === 'POST');
    expect(uploads.map((r) => [r.status, (r.body as { name: string }).name])).toEqual([
      [201, 'slow-query.sql'],
      [201, 'postgresql.conf'],
    ]);
    const calls = (await emu.control.requests('/api/v1/calls')).filter((r) => r.method === 'POST' && r.path === '/api/v1/calls');
    expect(calls).toHaveLength(1);
    const fileIds = (calls[0]?.body as { fileIds?: string[] } | undefined)?.fileIds ?? [];
    expect(new Set(fileIds).size).toBe(2);
    for (const id of fileIds) expect(id).toMatch(/^fil_/);
    // 202: the site knows both ids as this member's uploads (an unknown id answers 404), and the call was
    // sent after the uploads.
    expect(calls[0]?.status).toBe(202);
    const times = [...uploads.map((r) => r.at), calls[0]?.at ?? ''];
    expect([...times].sort()).toEqual(times);
  });

  test('a result with an active and a plain file: the plain one downloads on a click, the active one waits for the member', async () => {
    await chooseAgent('My shell script fails with set -e in bash', 'Shell Script Doctor');
    // Words the agent knows: a request that does not look related asks the member first (the fit question),
    // and under load the re-read preview can arrive before the click.
    await panel.getByLabel(/^Details/).fill('My bash script with set -e exits early.');
    await panel.getByRole('button', { name: 'Start the call' }).click();
    const files = panel.getByRole('region', { name: 'Result files' });
    await files.waitFor({ timeout: 60_000 });
    await files.getByText(/Downloads left today: 20 MB of 20 MB/).waitFor();

    // Nothing is fetched just for showing the files.
    expect(await emu.control.fileGets()).toEqual([]);

    await files.getByRole('button', { name: 'Download NOTES.md' }).click();
    await files.getByText('Saved to your downloads. It was not opened.').waitFor();
    await expect.poll(async () => (await emu.control.fileGets()).length, { timeout: 15_000 }).toBe(1);
    const [get] = await emu.control.fileGets();
    expect(get?.status).toBe(200);
    // The signed link goes without the key; in the strict profile it is on a host of its own.
    expect(get?.authorization).toBe(false);
    expect(get?.path.startsWith(profile === 'strict' ? '/dl/' : '/api/v1/files/')).toBe(true);
    // The browser saved the bytes the extension fetched (never a link it would fetch again, with cookies).
    const downloads = await ext.serviceWorker.evaluate(() =>
      (self as unknown as ChromeDownloads).chrome.downloads.search({}),
    );
    expect(downloads).toHaveLength(1);
    const saved = downloads[0]?.url ?? '';
    expect(saved.startsWith('data:application/octet-stream;base64,')).toBe(true);
    expect(Buffer.from(saved.split(',')[1] ?? '', 'base64').toString('utf8')).toContain('Notes');
    await files.getByText(/Downloads left today: 20 MB of 20 MB|Downloads left today: 19\.\d+ MB of 20 MB/).waitFor();

    // The active file: a warning, then a confirmation step; nothing is requested until the member confirms.
    await files.getByText(/fix\.sh/).first().waitFor();
    await files.getByRole('button', { name: 'Save anyway… fix.sh' }).click();
    const confirm = files.getByRole('alertdialog');
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await files.getByRole('button', { name: 'Save anyway… fix.sh' }).click();
    await panel.waitForTimeout(500);
    expect(await emu.control.fileGets()).toHaveLength(1);

    // Confirmed: saved through the save dialog (Playwright accepts it), through its own signed link, no key.
    await files.getByRole('alertdialog').getByRole('button', { name: 'Save without opening' }).click();
    await expect.poll(async () => (await emu.control.fileGets()).length, { timeout: 15_000 }).toBe(2);
    const active = (await emu.control.fileGets())[1];
    expect(active?.path).not.toBe(get?.path);
    expect(active?.authorization).toBe(false);
    // The panel says so once the browser has saved it, a moment after the site saw the fetch.
    await expect.poll(() => files.getByText('Saved to your downloads. It was not opened.').count(), { timeout: 15_000 }).toBe(2);
  });

  test.runIf(profile === 'strict')('a site without the sharing endpoints: the Share tab says so, nothing dead', async () => {
    await panel.getByRole('button', { name: 'Share', exact: true }).click();
    await panel.getByText('Sharing projects is not available on this site through the extension. Use the site itself to share.').waitFor({ timeout: 15_000 });
    const shares = (await emu.control.requests('/api/v1/shared-projects')).filter((r) => r.method === 'GET');
    expect(shares.map((r) => r.status)).toEqual([404]);
    await panel.getByRole('button', { name: 'Find', exact: true }).click();
  });

  test.runIf(profile === 'default')('a share draft taken to its sign-off page on the site', async () => {
    await panel.getByRole('button', { name: 'Share', exact: true }).click();
    await panel.getByRole('heading', { name: 'Share a project' }).waitFor();
    await panel.getByLabel('Describe the kind of project').fill('Postgres index tuning notes');
    await panel.getByRole('button', { name: 'Ask which agent covers it' }).click();
    await panel.getByRole('button', { name: 'Share with Postgres Tuning Guild' }).click();
    await panel.getByLabel('Title').fill('My index tuning notes');
    await panel.getByRole('button', { name: 'Start the draft' }).click();

    const draft = panel.getByRole('region', { name: 'My index tuning notes' });
    await draft.waitFor();
    await draft.getByLabel('Choose files').setInputFiles([
      { name: 'indexes.md', mimeType: 'text/markdown', buffer: Buffer.from('# Indexes\nUse a partial index for hot rows.\n') },
    ]);
    await draft.getByText(/1 of 20 files will be sent/).waitFor();
    await draft.getByRole('button', { name: 'Add these files to the draft' }).click();
    await draft.getByRole('list', { name: 'Files in the draft' }).getByText('indexes.md').waitFor();
    await draft.getByRole('button', { name: 'Package the draft' }).click();
    await draft.getByText('Packaged: waiting for your sign-off on the site').waitFor();

    const opened = ext.context.waitForEvent('page');
    await draft.getByRole('button', { name: 'Sign off on the site' }).click();
    const site = await opened;
    await site.waitForLoadState();
    const url = new URL(site.url());
    expect(url.origin).toBe(emu.url);
    expect(url.pathname).toMatch(/^\/shares\/[^/]+\/sign-off$/);

    // The member signs off on the site; the panel learns it by reading the draft again.
    await site.getByRole('button', { name: 'Sign off' }).click();
    await site.locator('#share-status').waitFor();
    await draft.getByText('Signed off', { exact: true }).waitFor({ timeout: 30_000 });
    await panel.getByRole('list', { name: 'Your shared projects' }).getByText('My index tuning notes').waitFor({ timeout: 30_000 });
    await site.close();
  });
});
}
