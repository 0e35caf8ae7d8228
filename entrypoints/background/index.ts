/**
 * The background service worker. This file only wires: every listener is registered synchronously in
 * main(), each job lives in its own module, and all state is in IndexedDB or browser storage, so a worker
 * started by any event picks up open calls and waiting approvals where they were.
 */
import { browser } from 'wxt/browser';
import { registerCommandHandlers } from '@/lib/protocol/dispatch';
import { watchBadge } from '@/entrypoints/background/platform/badge';
import { onCommand } from '@/entrypoints/background/platform/shortcut';
import { approvalTabClosed, memberCameBack } from '@/entrypoints/background/calls/approval-resender';
import { e2eSeams, registerE2eHooks } from '@/entrypoints/background/e2e/hooks';
import { startWorker } from '@/entrypoints/background/core/worker';
import { buildHandlers } from './handlers';
import { checkKeyKept, noteRunningVersion } from '@/entrypoints/background/core/key-kept';
import { toMemberError } from '@/entrypoints/background/core/member-error';
import { createMenus, onMenuClicked } from '@/entrypoints/background/platform/menus';
import { onNotificationClicked } from '@/entrypoints/background/platform/notification-click';
import { tellUntoldEvents } from '@/entrypoints/background/calls/notices';
import { recoverInterruptedSends } from '@/entrypoints/background/calls/outbox';
import { makeActionOpenPanel, onActionClicked, rememberWindow } from '@/entrypoints/background/platform/panel-open';
import { JOBS_ALARM, type Job } from '@/entrypoints/background/core/jobs';
import { callsJob } from '@/entrypoints/background/calls/job';
import { sharingJob } from '@/entrypoints/background/sharing/job';
import { summariesJob } from '@/entrypoints/background/notify/job';
import { findingsJob } from '@/entrypoints/background/findings/job';
import { pruneJob } from '@/entrypoints/background/storage/job';
import { openFirstRunPage } from '@/entrypoints/background/platform/first-run';

/** Every feature's jobs, in the order a wake runs them. */
const JOBS: readonly Job[] = [callsJob, sharingJob, summariesJob, findingsJob, pruneJob];

export default defineBackground(() => {
  // The e2e build only: its test seams (a clock moved on, a full disk, notes of what was told); the store
  // build's bundle has none of them.
  const { ctx, scheduler } = startWorker(JOBS, import.meta.env.MODE === 'e2e' ? e2eSeams : null);

  registerCommandHandlers(buildHandlers(ctx), { toError: toMemberError });
  browser.alarms.onAlarm.addListener((alarm) => {
    // An alarm of an earlier version (one per kind of work then) wakes the jobs all the same, once.
    void scheduler.run();
    if (alarm.name !== JOBS_ALARM) void scheduler.clearEarlierAlarms();
  });
  browser.contextMenus.onClicked.addListener((info, tab) => void onMenuClicked(ctx, info, tab));
  browser.commands.onCommand.addListener((command, tab) => void onCommand(ctx, command, tab));
  browser.notifications.onClicked.addListener((id) => void onNotificationClicked(ctx, id));
  browser.windows.onFocusChanged.addListener((windowId) => {
    rememberWindow(windowId);
    // A browser window focused again: the member may be back from approving a call on the site.
    if (windowId >= 0) void memberCameBack(ctx).catch(() => undefined);
  });
  browser.tabs.onRemoved.addListener((tabId) => void approvalTabClosed(ctx, tabId).catch(() => undefined));
  browser.action.onClicked.addListener(onActionClicked);
  browser.runtime.onInstalled.addListener((details) => {
    createMenus();
    makeActionOpenPanel();
    void openFirstRunPage(details.reason).catch(() => undefined);
  });
  // The e2e build only: the browser tests' way to click the context-menu item (see e2e/hooks.ts).
  if (import.meta.env.MODE === 'e2e') registerE2eHooks(ctx);
  // Every listener is registered: `npm run bench` reads this mark for the worker's time from start to ready.
  performance.mark('background:listeners-registered');
  watchBadge(ctx.db);

  // Whatever woke the worker, pick up work left in IndexedDB; first, a key kept only until the browser
  // closed may be gone (the browser restarted, or the extension was updated): the panel then asks for a new
  // connect code.
  void noteRunningVersion()
    .then(({ updated }) => checkKeyKept(ctx, updated))
    .catch(() => undefined)
    .then(() => tellUntoldEvents(ctx).catch(() => undefined))
    // A recovery that could not write (a full disk) does not keep the jobs from running: sendDue takes the
    // claims back when their lease ends.
    .then(() => recoverInterruptedSends(ctx).catch(() => undefined))
    .then(() => scheduler.run());
  void scheduler.clearEarlierAlarms();
});
