/**
 * Files and sharing in both browsers against the emulator: a call with two attached files, a result's plain
 * file downloaded on a click through its signed link (no key) while its active file is never fetched before
 * the member confirms, and a share draft taken to the site's sign-off page. A file chosen in a field is handed
 * over as the browser's file picker does (neither driver can answer the picker).
 */
import { beforeAll, expect, test } from 'vitest';
import {
  chooseFiles,
  clickStart,
  connect,
  findTyped,
  openMoreOptions,
  openPreview,
  openSection,
  readPrivacyLine,
  type ChosenFile,
  waitFor,
  waitForPreviewRead,
} from '@/testing/steps';
import { type BrowserRig, describeInEachBrowser } from './each-browser';

interface DownloadItem {
  url: string;
  state: string;
  filename: string;
}

interface DownloadsGlobal {
  downloads: { search(query: object): Promise<DownloadItem[]> };
}

function downloads(rig: BrowserRig): Promise<DownloadItem[]> {
  return rig.panel.evaluate(async () => {
    const g = globalThis as unknown as { browser?: DownloadsGlobal; chrome?: DownloadsGlobal };
    return ((await (g.browser ?? g.chrome)?.downloads.search({})) ?? []).map((d) => ({
      url: d.url,
      state: d.state,
      filename: d.filename,
    }));
  }, null);
}

/** How many times the page shows `text` (a sentence a view repeats per file). */
function timesShown(rig: BrowserRig, text: string): Promise<number> {
  return rig.panel.evaluate(
    (t) => (document.body.innerText.match(new RegExp(t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g')) ?? []).length,
    text,
  );
}

const FILES: ChosenFile[] = [
  { name: 'slow-query.sql', type: 'application/sql', text: 'SELECT * FROM orders WHERE customer_id = 42;' },
  { name: 'postgresql.conf', type: 'text/plain', text: 'shared_buffers = 128MB\nwork_mem = 4MB\n' },
];

describeInEachBrowser('files and sharing', (rig) => {
  async function chooseAgent(search: string, agentName: string): Promise<void> {
    await findTyped(rig.panel, rig.w, search, agentName);
    await openPreview(rig.panel, rig.w, agentName);
  }

  beforeAll(async () => {
    const { code } = await rig.emu.control.connectCode({
      name: 'E2E files',
      switches: { files: true, sharing: true, spending: true, askBeforeNewAgent: false, tryNewAgents: true },
      keepsFindings: true,
    });
    await connect(rig.panel, rig.w, rig.emu.url, code);
    await rig.panel.waitForText(rig.emu.raw.world.seed.site.privacyLine);
    await readPrivacyLine(rig.panel, rig.w);
  });

  test.runIf(rig.profile === 'default')(
    'a call with two attached files: both uploaded, then the call names them',
    async () => {
      await chooseAgent('Tune postgres indexes and vacuum', 'Postgres Tuning Guild');
      await openMoreOptions(rig.panel, rig.w);
      await rig.panel.fill(rig.w('preview.details'), 'Please look at these two files.');
      await waitForPreviewRead(rig.panel, rig.w);
      await chooseFiles(rig.panel, rig.w('attach.choose'), FILES);
      await rig.panel.waitForText('2 of 6 files will be sent.');
      await clickStart(rig.panel, rig.w);
      // The form gives way to the call's view once POST /calls was answered.
      await waitFor(
        rig.panel,
        'the start form gone',
        (label) => document.querySelector(`form[aria-label="${label}"]`) === null,
        rig.w('preview.formLabel'),
      );

      const uploads = (await rig.emu.control.requests('/api/v1/files')).filter((r) => r.method === 'POST');
      expect(uploads.map((r) => [r.status, (r.body as { name: string }).name])).toEqual([
        [201, 'slow-query.sql'],
        [201, 'postgresql.conf'],
      ]);
      const calls = await rig.emu.control.callStarts();
      expect(calls).toHaveLength(1);
      const fileIds = (calls[0]?.body as { fileIds?: string[] } | undefined)?.fileIds ?? [];
      expect(new Set(fileIds).size).toBe(2);
      for (const id of fileIds) expect(id).toMatch(/^fil_/);
      // 202: the site knows both ids as this member's uploads (an unknown id answers 404), and the call was
      // sent after the uploads.
      expect(calls[0]?.status).toBe(202);
      const times = [...uploads.map((r) => r.at), calls[0]?.at ?? ''];
      expect([...times].sort()).toEqual(times);
    },
  );

  test('a result with an active and a plain file: the plain one downloads on a click, the active one waits for the member', async () => {
    await chooseAgent('My shell script fails with set -e in bash', 'Shell Script Doctor');
    // Words the agent knows: a request that does not look related asks the member first (the fit question),
    // and under load the re-read preview can arrive before the click.
    await openMoreOptions(rig.panel, rig.w);
    await rig.panel.fill(rig.w('preview.details'), 'My bash script with set -e exits early.');
    await waitForPreviewRead(rig.panel, rig.w);
    await clickStart(rig.panel, rig.w);
    await waitFor(
      rig.panel,
      'the result files',
      (label) => document.querySelector(`section[aria-label="${label}"]`) !== null,
      rig.w('resultFiles.label'),
      60_000,
    );
    // On a day nothing was downloaded, the allowance is not mentioned; the button is ready once it is read.
    await waitFor(
      rig.panel,
      'the download button ready',
      (name) => document.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`)?.disabled === false,
      rig.w('resultFiles.downloadLabel', { file: 'NOTES.md' }),
    );
    expect(await rig.panel.text()).not.toContain('Downloads left today');

    // Nothing is fetched just for showing the files.
    expect(await rig.emu.control.fileGets()).toEqual([]);

    const saved = rig.w('resultFiles.saved');
    await rig.panel.click('button', rig.w('resultFiles.downloadLabel', { file: 'NOTES.md' }));
    await rig.panel.waitForText(saved);
    await expect.poll(async () => (await rig.emu.control.fileGets()).length, { timeout: 15_000 }).toBe(1);
    const [get] = await rig.emu.control.fileGets();
    expect(get?.status).toBe(200);
    // The signed link goes without the key; in the strict profile it is on a host of its own.
    expect(get?.authorization).toBe(false);
    expect(get?.path.startsWith(rig.profile === 'strict' ? '/dl/' : '/api/v1/files/')).toBe(true);
    // The browser saved the bytes the extension fetched (never a link it would fetch again, with cookies): a
    // data: URL from Chrome's worker, a blob: URL from Firefox's event page.
    await expect
      .poll(async () => (await downloads(rig)).map((d) => d.state), { timeout: 15_000 })
      .toEqual(['complete']);
    const [item] = await downloads(rig);
    if (rig.name === 'chromium') {
      expect(item?.url.startsWith('data:application/octet-stream;base64,')).toBe(true);
      expect(Buffer.from(item?.url.split(',')[1] ?? '', 'base64').toString('utf8')).toContain('Notes');
    } else {
      expect(item?.url.startsWith(`blob:${rig.browser.extensionOrigin}/`)).toBe(true);
    }
    await waitFor(
      rig.panel,
      'the allowance read again',
      () => /Downloads left today: (20 MB|19\.\d+ MB) of 20 MB/.test(document.body.innerText),
      null,
    );

    // The active file: a warning, then a confirmation step; nothing is requested until the member confirms.
    await rig.panel.waitForText('fix.sh');
    const saveAnyway = rig.w('resultFiles.saveAnywayLabel', { file: 'fix.sh' });
    await rig.panel.click('button', saveAnyway);
    await waitFor(rig.panel, 'the confirmation', () => document.querySelector('[role="alertdialog"]') !== null, null);
    await rig.panel.click('button', rig.w('resultFiles.cancel'));
    await waitFor(
      rig.panel,
      'the confirmation gone',
      () => document.querySelector('[role="alertdialog"]') === null,
      null,
    );
    await rig.panel.click('button', saveAnyway);
    await waitFor(
      rig.panel,
      'the confirmation again',
      () => document.querySelector('[role="alertdialog"]') !== null,
      null,
    );
    expect(await rig.emu.control.fileGets()).toHaveLength(1);

    // Confirmed: saved through the save dialog, through its own signed link, no key. Headless Firefox has no
    // save dialog: it refuses downloads.download({ saveAs: true }) ("An unexpected error occurred"), which an
    // active file always asks for, so the confirmed save is seen in Chromium only.
    if (rig.name === 'firefox') return;
    await rig.panel.click('button', rig.w('resultFiles.saveWithoutOpening'));
    await expect.poll(async () => (await rig.emu.control.fileGets()).length, { timeout: 15_000 }).toBe(2);
    const active = (await rig.emu.control.fileGets())[1];
    expect(active?.path).not.toBe(get?.path);
    expect(active?.authorization).toBe(false);
    // The panel says so once the browser has saved it, a moment after the site saw the fetch.
    await expect.poll(() => timesShown(rig, saved), { timeout: 15_000 }).toBe(2);
  });

  test.runIf(rig.profile === 'strict')(
    'a site without the sharing endpoints: the Share tab says so, nothing dead',
    async () => {
      await openSection(rig.panel, rig.w, 'app.tab.share');
      await rig.panel.waitForText(rig.w('background.notOffered.sharing'));
      const shares = (await rig.emu.control.requests('/api/v1/shared-projects')).filter((r) => r.method === 'GET');
      expect(shares.map((r) => r.status)).toEqual([404]);
      await openSection(rig.panel, rig.w, 'app.tab.find');
    },
  );

  test.runIf(rig.profile === 'default')('a share draft taken to its sign-off page on the site', async () => {
    await openSection(rig.panel, rig.w, 'app.tab.share');
    await rig.panel.waitForText(rig.w('share.heading'));
    await rig.panel.fill(rig.w('share.coverage.describe'), 'Postgres index tuning notes');
    await rig.panel.click('button', rig.w('share.coverage.ask'));
    await rig.panel.click('button', rig.w('share.coverage.shareWithLabel', { agent: 'Postgres Tuning Guild' }));
    await rig.panel.fill(rig.w('share.newDraft.title'), 'My index tuning notes');
    await rig.panel.click('button', rig.w('share.newDraft.start'));

    await rig.panel.waitForText('My index tuning notes');
    await chooseFiles(
      rig.panel,
      rig.w('attach.choose'),
      [{ name: 'indexes.md', type: 'text/markdown', text: '# Indexes\nUse a partial index for hot rows.\n' }],
      'My index tuning notes',
    );
    await waitFor(
      rig.panel,
      'the file counted',
      () => /1 of 20 files will be sent/.test(document.body.innerText),
      null,
    );
    await rig.panel.click('button', rig.w('share.files.add'));
    await waitFor(
      rig.panel,
      'the file in the draft',
      (list) => (document.querySelector(`[aria-label="${list}"]`)?.textContent ?? '').includes('indexes.md'),
      rig.w('share.draft.filesLabel'),
    );
    await rig.panel.click('button', rig.w('share.draft.package'));
    await rig.panel.waitForText(rig.w('share.status.waitingSignOff'));

    const site = await rig.browser.pageOpenedBy(rig.emu.url, () =>
      rig.panel.click('button', rig.w('findings.signOff')),
    );
    const url = new URL(site.url());
    expect(url.origin).toBe(rig.emu.url);
    expect(url.pathname).toMatch(/^\/shares\/[^/]+\/sign-off$/);

    // The member signs off on the site; the panel learns it by reading the draft again.
    await site.click('button', 'Sign off');
    // The status reads signed_off only once the site has taken the POST; the field itself is on the first load
    // too, and closing the page before the answer can drop the sign-off in flight.
    await waitFor(
      site,
      'the sign-off confirmed',
      () => document.querySelector('#share-status')?.textContent === 'signed_off',
      null,
    );
    await site.close();
    await rig.panel.bringToFront();
    await waitFor(
      rig.panel,
      'the draft signed off',
      (signed) => Array.from(document.querySelectorAll('section.share-draft *')).some((e) => e.textContent === signed),
      rig.w('share.status.signedOff'),
    );
    await waitFor(
      rig.panel,
      'the project listed',
      (list) => (document.querySelector(`[aria-label="${list}"]`)?.textContent ?? '').includes('My index tuning notes'),
      rig.w('share.yourProjects'),
    );
  });
});
