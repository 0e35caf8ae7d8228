/**
 * Issue 42, what members reach for, in both browsers and profiles: copy a whole result (read back from the
 * clipboard), ask a follow-up in the same session through its preview, start a failed call again as a new call
 * with a new key, search the calls, Find before the first search, and the keyboard (Ctrl+Enter, Escape).
 */
import { beforeAll, expect, test } from 'vitest';
import {
  askPostgres,
  clickStart,
  connect,
  findTyped,
  GUILD_HEADER,
  openSection,
  POSTGRES,
  previewQuestion,
  readPrivacyLine,
  waitFor,
  waitForFound,
  waitForPassed,
  waitForPreviewRead,
  waitForResult,
} from '@/testing/steps';
import { describeInEachBrowser } from './each-browser';

describeInEachBrowser('what members reach for', (rig) => {
  let memberId = '';
  beforeAll(async () => {
    const { code, memberId: member } = await rig.emu.control.connectCode({
      name: 'Reach for',
      limits: { sessionsPerDay: 50, callsPerDay: 100, openCallsMax: 10 },
    });
    memberId = member;
    await connect(rig.panel, rig.w, rig.emu.url, code);
    await rig.panel.waitForText(rig.emu.raw.world.seed.site.privacyLine);
    await readPrivacyLine(rig.panel, rig.w);
  });

  /** What the system clipboard holds, pasted by the member's own Ctrl+V into a field of the page. */
  async function pastedClipboard(): Promise<string> {
    await rig.panel.evaluate(() => {
      const field = document.createElement('textarea');
      field.id = 'e2e-paste';
      field.setAttribute('aria-label', 'paste here');
      document.body.append(field);
      field.focus();
    }, null);
    await rig.panel.press('Control+v');
    const text = await rig.panel.evaluate(
      () => (document.getElementById('e2e-paste') as HTMLTextAreaElement | null)?.value ?? '',
      null,
    );
    await rig.panel.evaluate(() => document.getElementById('e2e-paste')?.remove(), null);
    return text;
  }

  test('copy the result: its header, what was asked and the answer, as Markdown on the clipboard', async () => {
    const question = 'Which index for a LIKE prefix search?';
    await askPostgres(rig.panel, rig.w, question);
    await waitForPassed(rig.panel, rig.w, question);
    // The answer's copy leads; the whole result's waits in "About this result".
    await rig.panel.click('button', rig.w('result.about'));
    await rig.panel.click('button', rig.w('result.copyResult'));
    await rig.panel.waitForText(rig.w('common.copied'));
    const copied = await pastedClipboard();
    expect(copied).toContain(`> ${GUILD_HEADER}`);
    expect(copied).toContain(question);
    expect(copied).toContain(`${rig.w('words.callStatus.passed')} · `);
  });

  test('a follow-up: one question call in the same session, after its preview', async () => {
    const follow = 'And which postgres index helps a suffix search?';
    await rig.panel.fill(rig.w('result.followUp'), follow);
    await rig.panel.click('button', rig.w('result.followUpNext'));
    await rig.panel.waitForText(rig.w('preview.sameSession'));
    await waitForPreviewRead(rig.panel, rig.w);
    const before = (await rig.emu.control.callStarts()).length;
    await clickStart(rig.panel, rig.w);
    await waitForPassed(rig.panel, rig.w, follow);
    const starts = (await rig.emu.control.callStarts()).slice(before);
    expect(starts).toHaveLength(1);
    const sent = starts[0]?.body as { sessionId?: string; callId?: string; question?: string };
    expect(sent.callId).toBe('question');
    expect(sent.question).toBe(follow);
    // The same session as the call it follows: that session now holds both calls.
    expect(sent.sessionId).toBeTruthy();
    const sessions = await rig.emu.control.sessions(memberId);
    expect(sessions.find((x) => x.sessionId === sent.sessionId)?.calls).toBe(2);
  });

  test('“Edit and start again” on a failed call starts a new call with a new key', async () => {
    const question = 'Why does my vacuum never finish?';
    await rig.emu.control.call('PUT', '/agents/agt_postgres/behaviour', { outcome: 'fail' });
    const before = (await rig.emu.control.callStarts()).length;
    await askPostgres(rig.panel, rig.w, question);
    await waitForResult(rig.panel, rig.w, rig.w('words.callStatus.failed'));
    await rig.emu.control.call('PUT', '/agents/agt_postgres/behaviour', { outcome: 'pass' });
    await rig.panel.click('button', rig.w('call.startAgain'));
    await waitForPreviewRead(rig.panel, rig.w);
    await clickStart(rig.panel, rig.w);
    await waitForPassed(rig.panel, rig.w, question);
    const starts = (await rig.emu.control.callStarts()).slice(before);
    expect(starts.map((s) => (s.body as { question?: string }).question)).toEqual([question, question]);
    expect(starts[1]?.idempotencyKey).not.toBe(starts[0]?.idempotencyKey);
    expect(starts.map((s) => s.status)).toEqual([202, 202]);
  });

  /** Waits for a view's heading (h1 or h2) with this text. */
  function heading(text: string): Promise<void> {
    return waitFor(
      rig.panel,
      `the heading "${text}"`,
      (name) => Array.from(document.querySelectorAll('h1, h2')).some((h) => h.textContent?.trim() === name),
      text,
    );
  }

  test('Find before a new search: the member’s recent searches and the agents called, one click away', async () => {
    // Another search, so the earlier one is a recent search (the one shown above is not listed twice).
    await findTyped(rig.panel, rig.w, 'vacuum settings for a busy postgres', POSTGRES);
    // The field emptied for a new search: what was searched before, and the agents called, one click away.
    await rig.panel.fill(rig.w('find.fieldLabel'), '');
    await rig.panel.waitForText(rig.w('find.recentSearches'));
    await rig.panel.click('button', 'slow postgres queries');
    await waitForFound(rig.panel, rig.w, 'slow postgres queries', POSTGRES);
    await rig.panel.fill(rig.w('find.fieldLabel'), '');
    await rig.panel.waitForText(rig.w('find.agentsCalled'));
    await waitFor(
      rig.panel,
      'the agents called, with the Postgres guild',
      ({ region, agent }) =>
        Array.from(document.querySelectorAll(`[aria-label="${region}"] button, [aria-labelledby] button`)).some(
          (b) => b.textContent?.trim() === agent,
        ),
      { region: rig.w('find.agentsCalled'), agent: POSTGRES },
    );
    await rig.panel.click('button', POSTGRES);
    await rig.panel.waitForText(rig.w.opening('money.startHolds'));
    await rig.panel.press('Escape');
    await heading(rig.w('find.heading'));
  });

  test('the calls’ search finds a call by a word of its answer and by its agent, the words marked', async () => {
    const question = 'Which setting limits autovacuum workers?';
    await rig.emu.control.call('PUT', '/agents/agt_postgres/behaviour', {
      note: 'Raise autovacuum_max_workers; the quokka rule of thumb says three.',
    });
    await askPostgres(rig.panel, rig.w, question);
    await waitForPassed(rig.panel, rig.w, question);
    await rig.emu.control.call('PUT', '/agents/agt_postgres/behaviour', { note: 'Here is the result.' });
    await openSection(rig.panel, rig.w, 'app.tab.calls');
    const rows = (word: string) =>
      waitFor(
        rig.panel,
        `calls matching "${word}"`,
        ({ list, word }) => {
          const found = document.querySelector(`ul[aria-label="${list}"]`);
          return (
            found !== null &&
            Array.from(found.querySelectorAll('mark')).some((m) => m.textContent?.toLowerCase() === word.toLowerCase())
          );
        },
        { list: rig.w('history.search.results'), word },
      );
    await rig.panel.fill(rig.w('history.search.label'), 'quokka');
    await rows('quokka');
    // Only that call's answer holds the word.
    expect(
      await rig.panel.evaluate(
        (list) => document.querySelectorAll(`ul[aria-label="${list}"] > li`).length,
        rig.w('history.search.results'),
      ),
    ).toBe(1);
    await rig.panel.fill(rig.w('history.search.label'), 'Postgres');
    await rows('Postgres');
    expect(
      await rig.panel.evaluate(
        (list) => document.querySelectorAll(`ul[aria-label="${list}"] > li`).length,
        rig.w('history.search.results'),
      ),
    ).toBeGreaterThan(1);
  });

  test('Ctrl+Enter starts from the preview; Escape goes back one level, keeping what was typed', async () => {
    const question = 'Does a BRIN index help a time series table?';
    await findTyped(rig.panel, rig.w, 'slow postgres queries', POSTGRES);
    await previewQuestion(rig.panel, rig.w, POSTGRES, question);
    // Escape from the preview: back to the agents, the question kept to continue.
    await rig.panel.press('Escape');
    await heading(rig.w('find.heading'));
    await rig.panel.click('button', rig.w('app.continueIt'));
    await waitForPreviewRead(rig.panel, rig.w);
    const kept = await rig.panel.evaluate(
      (label) =>
        Array.from(document.querySelectorAll('textarea')).find(
          (t) => t.labels?.[0]?.textContent?.trim().startsWith(label) === true,
        )?.value ?? '',
      rig.w('preview.question'),
    );
    expect(kept).toBe(question);
    // Ctrl+Enter from the form starts the call, as its button says in its title.
    const before = (await rig.emu.control.callStarts()).length;
    await rig.panel.evaluate(
      (label) =>
        Array.from(document.querySelectorAll('textarea'))
          .find((t) => t.labels?.[0]?.textContent?.trim().startsWith(label) === true)
          ?.focus(),
      rig.w('preview.question'),
    );
    await rig.panel.press('Control+Enter');
    await waitForPassed(rig.panel, rig.w, question);
    expect((await rig.emu.control.callStarts()).length).toBe(before + 1);
    // Escape from the call: back to the list of calls.
    await rig.panel.evaluate(() => (document.activeElement as HTMLElement | null)?.blur(), null);
    await rig.panel.press('Escape');
    await heading(rig.w('app.callsHeading'));
  });
});
