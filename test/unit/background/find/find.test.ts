import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { LocalRefusal, NetworkError } from '@/lib/api/errors';
import { SELECTION_SESSION_KEY, type SelectionHandoff } from '@/lib/protocol/handoffs';
import { onCommand } from '@/entrypoints/background/platform/shortcut';
import { runFind } from '@/entrypoints/background/find/find';
import { FIND_MENU_ID, onMenuClicked } from '@/entrypoints/background/platform/menus';
import { onActionClicked } from '@/entrypoints/background/platform/panel-open';
import { prepareFindText } from '@/entrypoints/background/find/selection';
import { apiError, connected, makeCtx, resetBrowser, type TestCtx } from '@/test/unit/background/helpers';
import { MAX_FIND_DESCRIPTION_CHARS } from '@/lib/contract/limits';

describe('prepareFindText', () => {
  it('trims, and refuses under 3 characters', () => {
    expect(prepareFindText('  postgres replica \n')).toEqual({ ok: true, text: 'postgres replica', cut: false });
    expect(prepareFindText('  ab  ')).toMatchObject({ ok: false, error: { code: 'selection_too_short' } });
    // Code points, not UTF-16 units: two emoji are two characters.
    expect(prepareFindText('😀😀').ok).toBe(false);
    expect(prepareFindText('😀😀😀').ok).toBe(true);
  });

  it('cuts to 2000 characters on a word boundary and says so', () => {
    const words = Array.from({ length: 600 }, (_, i) => `w${i}`).join(' ');
    const r = prepareFindText(words);
    expect(r.ok && r.cut).toBe(true);
    if (!r.ok) throw new Error('refused');
    expect(Array.from(r.text).length).toBeLessThanOrEqual(MAX_FIND_DESCRIPTION_CHARS);
    expect(words.startsWith(r.text)).toBe(true);
    // The cut falls between words: what follows in the original is a space.
    expect(words[r.text.length]).toBe(' ');
    const exact = 'x'.repeat(MAX_FIND_DESCRIPTION_CHARS);
    expect(prepareFindText(exact)).toEqual({ ok: true, text: exact, cut: false });
  });

  it('cuts one very long word hard', () => {
    const r = prepareFindText('y'.repeat(MAX_FIND_DESCRIPTION_CHARS + 50));
    expect(r).toEqual({ ok: true, text: 'y'.repeat(MAX_FIND_DESCRIPTION_CHARS), cut: true });
  });
});

let ctx: TestCtx;
beforeEach(async () => {
  resetBrowser();
  ctx = makeCtx();
  await connected(ctx);
});

describe('runFind', () => {
  it('stores the cards of a find', async () => {
    ctx.api.find.mockResolvedValue({ agents: [] });
    const { findId } = await runFind(ctx, ' postgres replica ', 'panel');
    expect(ctx.api.find).toHaveBeenCalledWith('postgres replica');
    expect(await ctx.db.finds.get(findId)).toMatchObject({
      status: 'done',
      text: 'postgres replica',
      source: 'panel',
      cut: false,
    });
  });

  it('removes direction controls before the text is stored, handed over or sent', async () => {
    ctx.api.find.mockResolvedValue({ agents: [] });
    const { findId } = await runFind(ctx, 'invoice_\u202Etxt.sh \u2066and\u2069 \u202Aembedded\u202C', 'menu');
    expect(ctx.api.find).toHaveBeenCalledWith('invoice_txt.sh and embedded');
    expect(await ctx.db.finds.get(findId)).toMatchObject({ text: 'invoice_txt.sh and embedded' });
    // Only controls: nothing is left, so nothing is sent.
    await runFind(ctx, '\u202E\u202E\u202E\u2067', 'menu');
    expect(ctx.api.find).toHaveBeenCalledTimes(1);
  });

  it('sends nothing for a text under 3 characters and stores the refusal', async () => {
    const { findId } = await runFind(ctx, 'ab', 'panel');
    expect(ctx.api.find).not.toHaveBeenCalled();
    expect(await ctx.db.finds.get(findId)).toMatchObject({ status: 'refused', error: { code: 'selection_too_short' } });
  });

  it('keeps what the secret guard found, in its words', async () => {
    ctx.api.find.mockRejectedValue(
      new LocalRefusal('secret_found', { what: 'secrets', fields: ['description'] }, { found: ['private_key'] }),
    );
    const { findId } = await runFind(ctx, 'my key is -----BEGIN PRIVATE KEY-----', 'panel');
    expect(await ctx.db.finds.get(findId)).toMatchObject({
      status: 'refused',
      error: { code: 'local_secret_found', extras: { found: ['a private key block'] } },
    });
  });

  it('a site refusal is refused, offline is failed', async () => {
    ctx.api.find.mockRejectedValueOnce(apiError(403, 'session_scoped'));
    const a = await runFind(ctx, 'postgres', 'panel');
    expect((await ctx.db.finds.get(a.findId))?.status).toBe('refused');
    ctx.api.find.mockRejectedValueOnce(new NetworkError(false));
    const b = await runFind(ctx, 'postgres', 'panel');
    expect((await ctx.db.finds.get(b.findId))?.status).toBe('failed');
  });
});

describe('menu and shortcut', () => {
  it('the menu hands the text over and opens the panel before any await, then finds', async () => {
    const open = vi.fn(async () => undefined);
    Object.assign(fakeBrowser, { sidePanel: { open } });
    const setSpy = vi.spyOn(fakeBrowser.storage.session, 'set');
    ctx.api.find.mockResolvedValue({ agents: [] });
    const running = onMenuClicked(
      ctx,
      {
        menuItemId: FIND_MENU_ID,
        selectionText: '  find me an agent  ',
        editable: false,
        pageUrl: 'https://x.example/',
      },
      {
        id: 4,
        windowId: 2,
      } as never,
    );
    // Both happened synchronously, inside the click.
    expect(setSpy).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith({ tabId: 4 });
    await running;
    const handed = (await fakeBrowser.storage.session.get(SELECTION_SESSION_KEY))[
      SELECTION_SESSION_KEY
    ] as SelectionHandoff;
    expect(handed).toMatchObject({ text: 'find me an agent', cut: false, source: 'menu', error: null });
    const find = await ctx.db.finds.where('requestId').equals(handed.requestId).first();
    expect(find).toMatchObject({ status: 'done', source: 'menu', text: 'find me an agent' });
  });

  it('the menu refuses a short selection with a message for the panel', async () => {
    await onMenuClicked(
      ctx,
      { menuItemId: FIND_MENU_ID, selectionText: 'a', editable: false } as never,
      { id: 4, windowId: 2 } as never,
    );
    const handed = (await fakeBrowser.storage.session.get(SELECTION_SESSION_KEY))[SELECTION_SESSION_KEY];
    expect(handed).toMatchObject({ error: { code: 'selection_too_short' } });
    expect(ctx.api.find).not.toHaveBeenCalled();
  });

  it('the shortcut opens the panel first, then reads the selection of the active tab', async () => {
    const open = vi.fn(async () => undefined);
    Object.assign(fakeBrowser, { sidePanel: { open } });
    let release: (v: unknown) => void = () => undefined;
    const exec = vi
      .spyOn(fakeBrowser.scripting, 'executeScript')
      .mockImplementation(() => new Promise((resolve) => (release = resolve)) as never);
    ctx.api.find.mockResolvedValue({ agents: [] });
    const running = onCommand(ctx, 'find-selection', { id: 9, windowId: 1 } as never);
    expect(open).toHaveBeenCalledWith({ tabId: 9 });
    expect(exec).toHaveBeenCalledWith(expect.objectContaining({ target: { tabId: 9 } }));
    release([{ result: 'selected words here', frameId: 0 }]);
    await running;
    expect(ctx.api.find).toHaveBeenCalledWith('selected words here');
    const handed = (await fakeBrowser.storage.session.get(SELECTION_SESSION_KEY))[SELECTION_SESSION_KEY];
    expect(handed).toMatchObject({ text: 'selected words here', source: 'shortcut' });
  });

  it('a page where scripts cannot run gives an empty selection, refused', async () => {
    vi.spyOn(fakeBrowser.scripting, 'executeScript').mockRejectedValue(new Error('Cannot access a chrome:// URL'));
    await onCommand(ctx, 'find-selection', { id: 9, windowId: 1 } as never);
    expect(ctx.api.find).not.toHaveBeenCalled();
    const handed = (await fakeBrowser.storage.session.get(SELECTION_SESSION_KEY))[SELECTION_SESSION_KEY];
    expect(handed).toMatchObject({ error: { code: 'selection_too_short' } });
  });
});

describe('Firefox: the sidebar (no sidePanel there)', () => {
  function firefoxSidebar() {
    const sidebar = { open: vi.fn(async () => undefined), toggle: vi.fn(async () => undefined) };
    // Firefox has sidebarAction and no sidePanel: take away the one resetBrowser gave the fake.
    Reflect.deleteProperty(fakeBrowser, 'sidePanel');
    Object.assign(fakeBrowser, { sidebarAction: sidebar });
    return sidebar;
  }

  it('the menu opens the sidebar synchronously, inside the click, before any await', async () => {
    const sidebar = firefoxSidebar();
    ctx.api.find.mockResolvedValue({ agents: [] });
    const running = onMenuClicked(
      ctx,
      { menuItemId: FIND_MENU_ID, selectionText: 'find me an agent', editable: false } as never,
      { id: 4, windowId: 2 } as never,
    );
    expect(sidebar.open).toHaveBeenCalledTimes(1);
    await running;
    expect(ctx.api.find).toHaveBeenCalledWith('find me an agent');
  });

  it('the shortcut opens the sidebar before it reads the selection', async () => {
    const sidebar = firefoxSidebar();
    const exec = vi.spyOn(fakeBrowser.scripting, 'executeScript').mockImplementation(async () => {
      expect(sidebar.open).toHaveBeenCalledTimes(1);
      return [{ result: 'selected words here', frameId: 0 }] as never;
    });
    ctx.api.find.mockResolvedValue({ agents: [] });
    const running = onCommand(ctx, 'find-selection', { id: 9, windowId: 1 } as never);
    expect(sidebar.open).toHaveBeenCalledTimes(1);
    await running;
    expect(exec).toHaveBeenCalled();
  });

  it('the toolbar button toggles the sidebar', () => {
    const sidebar = firefoxSidebar();
    onActionClicked();
    expect(sidebar.toggle).toHaveBeenCalledTimes(1);
  });
});
