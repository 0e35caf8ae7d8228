/**
 * A member's browser lives on with calls running: the extension is updated (build N replaced by N+1, whose
 * database version has an upgrade step), the browser is closed and opened again an hour later, and the disk
 * fills. In each, in both browsers: every call ends on the site once and is told once, nothing the member typed
 * or the background kept is lost, and the panel says what happened in the member's words. The site's clock moves
 * only when a test moves it, so a call is held running or ended exactly when a step needs it.
 */
import { expect, test } from 'vitest';
import { ROW_SCHEMAS } from '@/lib/db/rows';
import { DB_VERSIONS } from '@/lib/db/schema';
import { REHEARSAL_VERSION } from '@/lib/db/e2e/rehearsal';
import { PACE_KEY } from '@/lib/notify/pace';
import type { PageDriver } from '@/testing/browser/driver';
import { nextBuildDir } from '@/testing/browser/launch';
import {
  connect,
  cutQuota,
  extensionState,
  findTyped,
  openSection,
  POSTGRES,
  previewQuestion,
  readStore,
  sendCommand,
  toldNotifications,
} from '@/testing/steps';
import { describeInEachBrowser } from './each-browser';

const FROZEN = { clock: { realTime: false } } as const;
const WAIT = { timeout: 60_000, interval: 250 };
/** IndexedDB's version of the database as build N and build N+1 open it (Dexie writes ten times its own). */
const IDB_VERSION_N = (DB_VERSIONS.at(-1)?.version ?? 0) * 10;
const IDB_VERSION_NEXT = REHEARSAL_VERSION.version * 10;
/** The background's one alarm, set for its earliest due job (entrypoints/background/core/jobs.ts). */
const JOBS_ALARM = 'agent-connection.jobs';

interface CallRowLite {
  localId: string;
  state: string;
  runId: string | null;
  request: { question?: string | null };
}

interface ApprovalRowLite {
  approvalId: string;
  localId: string;
  status: string;
}

interface NotificationRowLite {
  eventKey: string;
  toldAt: string | null;
}

function startCall(panel: PageDriver, localId: string, agentId: string, question: string): Promise<unknown> {
  return sendCommand(panel, 'startCall', {
    localId,
    request: { agentId, callId: 'question', question },
    agentName: null,
    callName: null,
  });
}

async function callRow(panel: PageDriver, localId: string): Promise<CallRowLite | undefined> {
  return (await readStore<CallRowLite>(panel, 'calls')).find((r) => r.localId === localId);
}

async function runIdOf(panel: PageDriver, localId: string): Promise<string> {
  await expect.poll(async () => (await callRow(panel, localId))?.runId ?? null, WAIT).not.toBeNull();
  return (await callRow(panel, localId))?.runId as string;
}

async function approvalOf(panel: PageDriver, localId: string): Promise<ApprovalRowLite> {
  await expect
    .poll(
      async () => (await readStore<ApprovalRowLite>(panel, 'approvals')).find((a) => a.localId === localId)?.status,
      WAIT,
    )
    .toBe('pending');
  return (await readStore<ApprovalRowLite>(panel, 'approvals')).find((a) => a.localId === localId) as ApprovalRowLite;
}

/**
 * How many tellings these events of one kind had: each shown on its own, held for the minute's summary, or
 * counted in a summary shown (which names no event, so every event of the kind a summary may hold is passed).
 * Equal to the number of events when each was told once; one told twice counts twice.
 */
async function timesTold(
  panel: PageDriver,
  kind: 'call_finished' | 'approval_needed' | 'approval_outcome',
  eventKeys: string[],
): Promise<number> {
  const told = await toldNotifications(panel, PACE_KEY);
  const alone = eventKeys.reduce(
    (sum, key) => sum + (told.shown.get(key) ?? 0) + told.held.filter((k) => k === key).length,
    0,
  );
  return alone + (told.summarised.get(`summary:${kind}`) ?? 0);
}

/** Every row of every table parses with the row schemas (what the code would have written). */
async function invalidRows(panel: PageDriver): Promise<string[]> {
  const problems: string[] = [];
  for (const [table, schema] of Object.entries(ROW_SCHEMAS)) {
    for (const row of await readStore<unknown>(panel, table)) {
      const parsed = schema.safeParse(row);
      if (!parsed.success) problems.push(`${table}: ${parsed.error.message.slice(0, 200)}`);
    }
  }
  return problems;
}

/** Moves the site's clock on until every call is in one of `states`, the background reading them meanwhile. */
async function settle(
  panel: PageDriver,
  advance: () => Promise<unknown>,
  localIds: string[],
  states = ['finished'],
): Promise<void> {
  await expect
    .poll(async () => {
      await advance();
      const rows = await readStore<CallRowLite>(panel, 'calls');
      return localIds.every((id) => states.includes(rows.find((r) => r.localId === id)?.state ?? ''));
    }, WAIT)
    .toBe(true);
}

describeInEachBrowser(
  'an update of the extension with calls running',
  (rig) => {
    test('build N to N+1: each call ends once and is told once, the outbox resends its key, the approval and the draft stay, the database upgrades', async () => {
      const { control } = rig.emu;
      const made = await control.connectCode({ name: 'E2E update', switches: { askBeforeNewAgent: false } });
      await connect(rig.panel, rig.w, rig.emu.url, made.code);
      const ids = {
        running: crypto.randomUUID(),
        ended: crypto.randomUUID(),
        approval: crypto.randomUUID(),
        outbox: crypto.randomUUID(),
      };

      // A long call running, and a quick one that ends on the site but cannot be read before the update.
      await startCall(rig.panel, ids.running, 'agt_docs', 'Update: running across it');
      await startCall(rig.panel, ids.ended, 'agt_rust', 'Update: ended, not yet told');
      const ended = await runIdOf(rig.panel, ids.ended);
      await runIdOf(rig.panel, ids.running);
      await control.fault({ method: 'GET', path: `/api/v1/calls/${ended}`, status: 503, count: 100_000 });
      await control.advanceClock(5);
      // A call waiting for the member's approval on the site.
      await control.patchConnection(made.connectionId, { switches: { spending: false } });
      await startCall(rig.panel, ids.approval, 'agt_mobile', 'Update: waiting for approval');
      const approval = await approvalOf(rig.panel, ids.approval);
      await control.patchConnection(made.connectionId, { switches: { spending: true } });
      await expect
        .poll(() => timesTold(rig.panel, 'approval_needed', [`approval:${approval.approvalId}:needed`]), WAIT)
        .toBe(1);
      // A start the site took but whose answer was lost: the intent waits in the outbox.
      await control.fault({ method: 'POST', path: '/api/v1/calls', drop: true, count: 100_000 });
      await startCall(rig.panel, ids.outbox, 'agt_postgres', 'Update: sent, answer lost');
      const outboxStarts = async () =>
        (await control.callStarts()).filter(
          (s) => (s.body as { question?: string }).question === 'Update: sent, answer lost',
        );
      await expect.poll(async () => (await outboxStarts()).length, WAIT).toBeGreaterThan(0);
      // The member is typing a question in the preview.
      await findTyped(rig.panel, rig.w, 'slow postgres queries', POSTGRES);
      await previewQuestion(rig.panel, rig.w, POSTGRES, 'Kept across the update?');
      const before = await extensionState(rig.panel);
      expect([before.version, before.idbVersion]).toEqual(['0.1.0', IDB_VERSION_N]);

      await rig.browser.updateExtension(nextBuildDir(rig.name));
      rig.panel = await rig.browser.openPanel();

      // The new build: its version, the database upgraded by its step, every row still valid, the alarms back.
      await expect.poll(async () => (await extensionState(rig.panel)).alarms, WAIT).toEqual([JOBS_ALARM]);
      const after = await extensionState(rig.panel);
      expect([after.version, after.idbVersion]).toEqual(['0.1.1', IDB_VERSION_NEXT]);
      // The badge counts the calls running, as the new background reads them.
      const runningNow = async () =>
        String((await readStore<CallRowLite>(rig.panel, 'calls')).filter((r) => r.state === 'started').length);
      await expect.poll(async () => (await extensionState(rig.panel)).badge === (await runningNow()), WAIT).toBe(true);
      expect(await invalidRows(rig.panel)).toEqual([]);
      // The draft: offered again, with its text.
      await rig.panel.waitForText(rig.w.opening('app.unfinishedCall'));
      await rig.panel.click('button', rig.w('app.continueIt'));
      await expect
        .poll(
          () =>
            rig.panel.evaluate(
              () =>
                Array.from(document.querySelectorAll('textarea')).some((t) => t.value === 'Kept across the update?'),
              null,
            ),
          WAIT,
        )
        .toBe(true);
      // The approval is still offered, with the site's page one click away.
      await openSection(rig.panel, rig.w, 'app.tab.calls');
      await rig.panel.waitForText(rig.w('words.callState.needsApproval'));
      await rig.panel.evaluate((state) => {
        const item = Array.from(document.querySelectorAll<HTMLButtonElement>('button.call-item')).find((b) =>
          (b.textContent ?? '').includes(state),
        );
        item?.click();
      }, rig.w('words.callState.needsApproval'));
      await rig.panel.waitForText(rig.w('approval.approve'));

      // The site answers again; the member approves on the site and comes back.
      await control.call('DELETE', '/faults');
      await control.call('POST', `/approvals/${approval.approvalId}/approve`);
      await sendCommand(rig.panel, 'approvalCameBack', { approvalId: approval.approvalId });
      // The outbox gives up after MAX_AUTO_SENDS sends to a site that does not answer, and how many fit in the
      // update depends on the machine's speed: a start it gave up on shows as unsent, and the member sends it
      // again, with its own key (checked below).
      const sendAgainIfUnsent = async () => {
        const row = (await readStore<CallRowLite>(rig.panel, 'calls')).find((r) => r.localId === ids.outbox);
        if (row?.state === 'unsent') await sendCommand(rig.panel, 'retryCall', { localId: ids.outbox });
      };
      await settle(
        rig.panel,
        async () => {
          await sendAgainIfUnsent();
          await control.advanceClock(20);
        },
        Object.values(ids),
      );

      // Each call ran once: the outbox's resends carried its one key, the approved call was sent again with a new one.
      const starts = await outboxStarts();
      expect(starts.length).toBeGreaterThan(1);
      expect(new Set(starts.map((s) => s.idempotencyKey)).size).toBe(1);
      const approvalStarts = (await control.callStarts()).filter(
        (s) => (s.body as { question?: string }).question === 'Update: waiting for approval',
      );
      expect(approvalStarts.map((s) => s.status)).toEqual([403, 202]);
      const rows = await readStore<CallRowLite>(rig.panel, 'calls');
      const runs = Object.values(ids).map((id) => rows.find((r) => r.localId === id)?.runId);
      expect(new Set(runs).size).toBe(4);
      // Each told once, none twice across the update: shown, or held for the minute's summary; the ledger has each.
      const callsTold = () =>
        timesTold(
          rig.panel,
          'call_finished',
          runs.map((runId) => `call:${runId}:finished`),
        );
      await expect.poll(callsTold, WAIT).toBe(4);
      expect(await timesTold(rig.panel, 'approval_needed', [`approval:${approval.approvalId}:needed`])).toBe(1);
      const ledger = await readStore<NotificationRowLite>(rig.panel, 'notifications');
      for (const runId of runs)
        expect(ledger.find((n) => n.eventKey === `call:${runId}:finished`)?.toldAt ?? null).not.toBeNull();
      await expect.poll(async () => (await extensionState(rig.panel)).badge, WAIT).toBe('');
      expect(await invalidRows(rig.panel)).toEqual([]);
      // The figures of the README's table.
      console.log(
        `update in ${rig.name} (${rig.profile}): 4 calls, 4 runs, each told once; outbox POSTs ${starts.length} with 1 key`,
      );
    });
  },
  {
    emulator: FROZEN,
    updatable: true,
    skip: {
      strict:
        'an update is the browser’s; the approval it keeps is resolved by the member coming back, as on the strict site, and a restart walks the strict site’s approval',
    },
  },
);

describeInEachBrowser(
  'an update with the key kept only until the browser closes',
  (rig) => {
    test('the key is gone after the update, and the panel says the update took it and asks for a new code', async () => {
      const made = await rig.emu.control.connectCode({ name: 'E2E update, session key' });
      await connect(rig.panel, rig.w, rig.emu.url, made.code);
      expect(await sendCommand(rig.panel, 'setSettings', { keyUntilBrowserCloses: true })).toMatchObject({ ok: true });
      await rig.browser.updateExtension(nextBuildDir(rig.name));
      rig.panel = await rig.browser.openPanel();
      await rig.panel.waitForText(rig.w('background.keyNotKeptUpdate'));
      await rig.panel.waitForText(rig.w('connect.connect'));
      const stored = await rig.panel.evaluate(async () => {
        type Api = { storage: Record<'local' | 'session', { get(k: null): Promise<Record<string, unknown>> }> };
        const g = globalThis as unknown as { browser?: Api; chrome?: Api };
        const api = (g.browser ?? g.chrome) as Api;
        return JSON.stringify([await api.storage.local.get(null), await api.storage.session.get(null)]);
      }, null);
      expect(stored).not.toMatch(/gpc_/);
    });
  },
  { updatable: true, skip: { strict: 'where the key is kept is the browser’s storage, the same for every site' } },
);

describeInEachBrowser(
  'a browser restart an hour later',
  (rig) => {
    test('the calls that ended meanwhile are read once and told once, the approval as the site says, nothing told before is told again, no request storm', async () => {
      const { control } = rig.emu;
      const made = await control.connectCode({
        name: 'E2E restart',
        switches: { askBeforeNewAgent: false },
        limits: { openCallsMax: 10 },
      });
      // Two long calls hold credits while they run: enough for the third.
      await control.call('POST', `/members/${made.memberId}/credits`, { purchasedCents: 100_000 });
      await connect(rig.panel, rig.w, rig.emu.url, made.code);
      const told = crypto.randomUUID();
      const running = [crypto.randomUUID(), crypto.randomUUID()];
      const waiting = crypto.randomUUID();
      // One call ends and is told before the browser closes.
      await startCall(rig.panel, told, 'agt_rust', 'Restart: told before');
      const toldRun = await runIdOf(rig.panel, told);
      await settle(rig.panel, () => control.advanceClock(3), [told]);
      await expect.poll(() => timesTold(rig.panel, 'call_finished', [`call:${toldRun}:finished`]), WAIT).toBe(1);
      // Two calls running and an approval waiting when it closes.
      await startCall(rig.panel, running[0] as string, 'agt_docs', 'Restart: running 1');
      await startCall(rig.panel, running[1] as string, 'agt_docs', 'Restart: running 2');
      const runs = [await runIdOf(rig.panel, running[0] as string), await runIdOf(rig.panel, running[1] as string)];
      await control.patchConnection(made.connectionId, { switches: { spending: false } });
      await startCall(rig.panel, waiting, 'agt_mobile', 'Restart: waiting for approval');
      const approval = await approvalOf(rig.panel, waiting);
      await control.patchConnection(made.connectionId, { switches: { spending: true } });
      await expect
        .poll(() => timesTold(rig.panel, 'approval_needed', [`approval:${approval.approvalId}:needed`]), WAIT)
        .toBe(1);

      // Closed; the site's clock moves on an hour (the calls end, the 30-minute approval runs out); opened again.
      await rig.browser.restart(async () => {
        await control.advanceClock(3600);
        await control.clearRequests();
      });
      rig.panel = await rig.browser.openPanel();
      // The default site says the approval ran out (GET /approvals/{id}); the strict one cannot say, so it waits
      // until the member comes back or its expiry on this machine's clock.
      const approvalState = rig.profile === 'default' ? 'expired' : 'needs_approval';
      await expect
        .poll(async () => {
          const rows = await readStore<CallRowLite>(rig.panel, 'calls');
          return [...running, waiting].map((id) => rows.find((r) => r.localId === id)?.state);
        }, WAIT)
        .toEqual(['finished', 'finished', approvalState]);

      // Each ended call read once, each told once; the approval told as run out; nothing told before told again.
      const reads = (await control.requests('/api/v1/calls/')).filter((r) => r.method === 'GET');
      for (const runId of runs)
        expect(reads.filter((r) => r.path === `/api/v1/calls/${runId}`).length, `GETs of ${runId}`).toBe(1);
      const callKeys = [toldRun, ...runs].map((runId) => `call:${runId}:finished`);
      await expect.poll(() => timesTold(rig.panel, 'call_finished', callKeys), WAIT).toBe(3);
      await expect
        .poll(() => timesTold(rig.panel, 'approval_outcome', [`approval:${approval.approvalId}:expired`]), WAIT)
        .toBe(rig.profile === 'default' ? 1 : 0);
      expect((await toldNotifications(rig.panel, PACE_KEY)).shown.get(`call:${toldRun}:finished`)).toBe(1);
      expect(await timesTold(rig.panel, 'approval_needed', [`approval:${approval.approvalId}:needed`])).toBe(1);
      // No storm: a handful of requests for two calls and an approval, none after they settled.
      const all = await control.requests('/api/');
      expect(all.length, all.map((r) => `${r.method} ${r.path}`).join(', ')).toBeLessThanOrEqual(8);
      console.log(
        `restart in ${rig.name} (${rig.profile}): ${all.length} requests after it (${all.map((r) => `${r.method} ${r.path.replace(/[a-z]+_\w+$/, '…')}`).join(', ')})`,
      );
    });
  },
  { emulator: FROZEN },
);

describeInEachBrowser(
  'a full disk',
  (rig) => {
    test('calls go on and are told, the panel says the storage is full in the member’s language, and once there is room nothing is missing', async () => {
      const { control } = rig.emu;
      const made = await control.connectCode({ name: 'E2E full disk', switches: { askBeforeNewAgent: false } });
      await connect(rig.panel, rig.w, rig.emu.url, made.code);
      const ids: string[] = [crypto.randomUUID(), crypto.randomUUID()];
      await startCall(rig.panel, ids[0] as string, 'agt_rust', 'Full disk: one');
      await startCall(rig.panel, ids[1] as string, 'agt_postgres', 'Full disk: two');
      const runs = [await runIdOf(rig.panel, ids[0] as string), await runIdOf(rig.panel, ids[1] as string)];

      const startedOnSite = (await control.callStarts()).filter((s) => s.status === 202).length;
      await cutQuota(rig.panel, true);
      const cutAt = Date.now();
      await control.clearRequests();
      await control.advanceClock(10);
      // Read and told although nothing can be cached: the site keeps them.
      const callsTold = () =>
        timesTold(
          rig.panel,
          'call_finished',
          runs.map((runId) => `call:${runId}:finished`),
        );
      await expect.poll(callsTold, WAIT).toBe(2);
      expect(
        (await readStore<CallRowLite>(rig.panel, 'calls')).filter((r) => ids.includes(r.localId)).map((r) => r.state),
      ).toEqual(['started', 'started']);
      await rig.panel.waitForText(rig.w('storageFull.message'));
      // No loop: while the disk stays full, each call is read again no sooner than the background's retry
      // (STORAGE_FULL_RETRY_MS, 15 s), however often its writes are refused.
      const reads = (await control.requests('/api/v1/calls/')).filter((r) => r.method === 'GET');
      const allowed = 2 + Math.ceil((Date.now() - cutAt) / 15_000);
      for (const runId of runs)
        expect(reads.filter((r) => r.path === `/api/v1/calls/${runId}`).length).toBeLessThanOrEqual(allowed);
      console.log(
        `full disk in ${rig.name} (${rig.profile}): ${reads.length} reads of 2 calls in ${Math.round((Date.now() - cutAt) / 1000)} s full`,
      );
      // A setting the member changes meanwhile cannot be saved: said so, in their words.
      expect(await sendCommand(rig.panel, 'setSettings', { keyUntilBrowserCloses: true })).toMatchObject({
        ok: false,
        error: { code: 'storage_full', message: rig.w('background.storageFull') },
      });

      // Room again: "Free space now" lets the background write at once; the calls are cached, nothing told twice.
      await cutQuota(rig.panel, false);
      // The background's own retry (STORAGE_FULL_RETRY_MS after its last refused write) may write first and take
      // the banner away before the member's click (a CI run met it): then there was nothing left to click, and
      // what follows holds the same. A click that fails while the banner is still shown fails the test.
      let clicked = true;
      await rig.panel.click('button', rig.w('storageFull.freeNow')).catch(async (err: unknown) => {
        if ((await rig.panel.text()).includes(rig.w('storageFull.message'))) throw err;
        clicked = false;
      });
      await expect
        .poll(
          async () =>
            (await readStore<CallRowLite>(rig.panel, 'calls'))
              .filter((r) => ids.includes(r.localId))
              .map((r) => r.state),
          WAIT,
        )
        .toEqual(['finished', 'finished']);
      await expect.poll(async () => (await rig.panel.text()).includes(rig.w('storageFull.message')), WAIT).toBe(false);
      expect(await callsTold()).toBe(2);
      // Nothing the site has is missing here.
      expect(startedOnSite).toBe(2);
      const cached = (await readStore<CallRowLite>(rig.panel, 'calls')).filter(
        (r) => r.state === 'finished' && runs.includes(r.runId ?? ''),
      );
      expect(cached.length).toBe(2);
      expect(rig.panel.pageErrors()).toEqual([]);
      console.log(
        `full disk in ${rig.name}: room again, ${clicked ? 'written at the member’s click' : 'written by the background’s own retry before the click'}`,
      );
    });
  },
  {
    emulator: FROZEN,
    language: 'de',
    skip: { strict: 'a full disk is the browser’s; the calls it holds read the same on every site' },
  },
);
