// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { selectionHandoff } from '@/components/focus';
import { FindView } from '@/components/find/FindView';
import type { AgentCard } from '@/lib/contract/find';
import { db } from '@/lib/db';
import type { FindRow } from '@/lib/db/tables/finds';
import { SELECTION_SESSION_KEY } from '@/lib/protocol/handoffs';
import { expectInert, fakeActions, HOSTILE, makeCard, memberError, ut } from './fixtures';
import { setTestLocale } from '@/test/unit/setup/i18n';
import { renderPanel } from './render-panel';

const css = readFileSync('components/style.css', 'utf8');

function findRow(over: Partial<FindRow> = {}): FindRow {
  return {
    requestId: 'req_1',
    text: 'set up a postgres replica',
    cut: false,
    source: 'menu',
    status: 'done',
    agents: [makeCard()],
    error: null,
    at: '2026-05-01T10:01:00.000Z',
    doneAt: '2026-05-01T10:01:01.000Z',
    ...over,
  };
}

beforeEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
});
afterEach(cleanup);

describe('FindView', () => {
  it('a selection hand-off read from storage is checked: one whose error is not an error is ignored, not a crash', async () => {
    const handoff = { requestId: 'req_9', text: 'ab', cut: false, source: 'menu', at: '2099-01-01T00:00:00.000Z' };
    expect(selectionHandoff({ ...handoff, error: { code: 'selection_too_short' } })).toBeNull();
    expect(selectionHandoff({ ...handoff, error: 'too short' })).toBeNull();
    const good = memberError('selection_too_short', 'Select at least 3 characters.');
    expect(selectionHandoff({ ...handoff, error: good })).toMatchObject({ requestId: 'req_9', error: good });

    fakeBrowser.reset();
    await fakeBrowser.storage.session.set({ [SELECTION_SESSION_KEY]: { ...handoff, error: { code: 'x' } } });
    const { actions } = fakeActions();
    renderPanel(<FindView onChoose={() => undefined} />, actions);
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByRole('textbox', { name: 'What do you need?' })).toBeTruthy();
  });

  it('refuses under 3 characters and sends nothing', async () => {
    const { actions, sent } = fakeActions();
    renderPanel(<FindView onChoose={() => undefined} />, actions);
    fireEvent.input(screen.getByRole('textbox', { name: 'What do you need?' }), { target: { value: '  ab ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find agents' }));
    expect((await screen.findByRole('alert')).textContent).toContain('at least 3 characters');
    expect(sent).toEqual([]);
  });

  it('says what the secret guard found and sends nothing', async () => {
    const { actions, sent } = fakeActions();
    renderPanel(<FindView onChoose={() => undefined} />, actions);
    fireEvent.input(screen.getByRole('textbox', { name: 'What do you need?' }), {
      target: { value: 'deploy with AKIAABCDEFGHIJKLMNOP please' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Find agents' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').some((a) => a.textContent?.includes('an AWS access key'))).toBe(true),
    );
    expect(sent).toEqual([]);
  });

  it('sends the trimmed text to the background', async () => {
    const { actions, sent } = fakeActions({ find: () => ({ ok: true, value: { findId: 1, requestId: 'r' } }) });
    renderPanel(<FindView onChoose={() => undefined} />, actions);
    fireEvent.input(screen.getByRole('textbox', { name: 'What do you need?' }), {
      target: { value: '  postgres replica ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Find agents' }));
    await waitFor(() => expect(sent).toEqual([{ name: 'find', payload: { text: 'postgres replica' } }]));
  });

  it('Enter finds, Shift+Enter and a composing Enter do not', async () => {
    const { actions, sent } = fakeActions({ find: () => ({ ok: true, value: { findId: 1, requestId: 'r' } }) });
    renderPanel(<FindView onChoose={() => undefined} />, actions);
    const box = screen.getByRole('textbox', { name: 'What do you need?' });
    fireEvent.input(box, { target: { value: 'postgres replica' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    fireEvent.keyDown(box, { key: 'Enter', isComposing: true });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toEqual([]);
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(sent).toEqual([{ name: 'find', payload: { text: 'postgres replica' } }]));
  });

  it('shows the selection, that it was cut, and the cards with everything they say', async () => {
    const cards: AgentCard[] = [
      makeCard({ isNew: true, connection: 'pending', untrustedKnows: ut('Replication, backups and more', true) }),
      makeCard({ agentId: 'ag_2', connection: 'blocked', accent: 'violet', untrustedStyleLine: null }),
      makeCard({ agentId: 'ag_3', connection: 'not_asked' }),
      makeCard({ agentId: 'ag_4', connection: { unknown: 'muted' } }),
    ];
    await db.finds.add(findRow({ cut: true, agents: cards }));
    const { actions } = fakeActions();
    renderPanel(<FindView onChoose={() => undefined} />, actions);
    await screen.findByText('set up a postgres replica');
    expect(screen.getByText(/so it was shortened/)).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Agents found' });
    const items = within(list).getAllByRole('listitem');
    expect(items.length).toBe(4);
    const first = items[0]!;
    expect(within(first).getByText('New')).toBeTruthy();
    expect(first.textContent).toContain('Calm and precise');
    expect(first.textContent).toContain('Replication, backups and more … (shortened)');
    expect(within(first).getByRole('meter', { name: 'Match to your search' }).getAttribute('aria-valuetext')).toBe(
      'Strong match (87%)',
    );
    expect(first.textContent).toContain('Used 27 times');
    expect(first.textContent).toContain('4 members contributed');
    expect(first.textContent).toContain('waiting for you');
    expect(items[1]!.textContent).toContain('declined');
    expect(items[2]!.textContent).toContain('not asked yet');
    expect(items[3]!.textContent).toContain('unknown (“muted”)');
  });

  it('with agents shown, draws the form small and does not quote the field’s own text twice', async () => {
    await db.finds.add(findRow({ agents: [makeCard(), makeCard({ agentId: 'ag_2' })] }));
    renderPanel(<FindView onChoose={() => undefined} />, fakeActions().actions);
    await screen.findByRole('list', { name: 'Agents found' });
    const form = screen.getByRole('form', { name: 'Find AI Agents' });
    expect(form.className).toContain('find-form-small');
    const box = screen.getByRole('textbox', { name: 'What do you need?' }) as HTMLTextAreaElement;
    expect(box.getAttribute('rows')).toBe('1');
    // Not typed here: the find's text is quoted under "You searched for".
    expect(document.querySelector('.find-result .quote')?.textContent).toBe('set up a postgres replica');
    // The field holds the same text: the quote gives way to the field; the hint stays with the field.
    fireEvent.input(box, { target: { value: 'set up a postgres replica' } });
    await waitFor(() => expect(document.querySelector('.find-result .quote')).toBeNull());
    expect(box.getAttribute('aria-describedby')).toBe('find-hint');
    expect(document.getElementById('find-hint')?.textContent).toMatch(/Shift\+Enter/);
  });

  it('grows the field with its text, so a wrapped line is never cut in half', async () => {
    await db.finds.add(findRow({ agents: [makeCard()] }));
    renderPanel(<FindView onChoose={() => undefined} />, fakeActions().actions);
    await screen.findByRole('list', { name: 'Agents found' });
    const box = screen.getByRole('textbox', { name: 'What do you need?' }) as HTMLTextAreaElement;
    expect(box.getAttribute('rows')).toBe('1');
    // happy-dom lays nothing out: the text's height and the box's are given here, as a browser measures them.
    let textHeight = 20;
    Object.defineProperty(box, 'clientHeight', { configurable: true, get: () => 20 });
    Object.defineProperty(box, 'scrollHeight', { configurable: true, get: () => textHeight });
    textHeight = 44;
    fireEvent.input(box, { target: { value: 'slow postgres queries after we added replication to the cluster' } });
    await waitFor(() => expect(box.style.height).not.toBe(''));
    expect(Number.parseFloat(box.style.height)).toBeGreaterThanOrEqual(44);
    textHeight = 20;
    fireEvent.input(box, { target: { value: 'short' } });
    await waitFor(() => expect(box.style.height).toBe(''));
  });

  it('drops the “You searched for” heading when the field holds the text, and quotes the text under it otherwise', async () => {
    await db.finds.add(findRow({ source: 'panel' }));
    renderPanel(<FindView onChoose={() => undefined} />, fakeActions().actions);
    await screen.findByRole('list', { name: 'Agents found' });
    const heading = screen.getByRole('heading', { name: 'You searched for' });
    expect(heading.nextElementSibling?.textContent).toBe('set up a postgres replica');
    fireEvent.input(screen.getByRole('textbox', { name: 'What do you need?' }), {
      target: { value: 'set up a postgres replica' },
    });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'You searched for' })).toBeNull());
    expect(screen.getByRole('list', { name: 'Agents found' })).toBeTruthy();
  });

  it('says the text came from the member’s selection, with no “(menu)” or “(shortcut)”', async () => {
    await db.finds.add(findRow({ source: 'shortcut' }));
    renderPanel(<FindView onChoose={() => undefined} />, fakeActions().actions);
    const heading = await screen.findByRole('heading', { name: 'From your selection' });
    expect(heading.textContent).not.toMatch(/\(|menu|shortcut/);
  });

  it('cuts a long “Knows” line with one ellipsis and a separate “Show more”', async () => {
    const knows = `Data pipelines end to end: batch and streaming ingestion, change data capture from Postgres and MySQL, Kafka topics and partitions, schema registries`;
    await db.finds.add(findRow({ agents: [makeCard({ untrustedKnows: ut(knows, true) })] }));
    renderPanel(<FindView onChoose={() => undefined} />, fakeActions().actions);
    const card = within(await screen.findByRole('list', { name: 'Agents found' })).getByRole('listitem');
    const text = card.textContent ?? '';
    expect(text.match(/…/g)).toHaveLength(1);
    expect(text).toMatch(/ … \(shortened\) Show more/);
    fireEvent.click(within(card).getByRole('button', { name: 'Show more' }));
    expect(card.textContent).toContain('schema registries … (shortened) Show less');
  });

  it('renders hostile card text as text', async () => {
    await db.finds.add(
      findRow({
        text: HOSTILE[0] ?? '',
        agents: [
          makeCard({
            untrustedName: ut(HOSTILE[1] ?? ''),
            untrustedKnows: ut(HOSTILE[3] ?? ''),
            untrustedStyleLine: ut(HOSTILE[5] ?? ''),
          }),
        ],
      }),
    );
    const { actions } = fakeActions();
    const { container } = renderPanel(<FindView onChoose={() => undefined} />, actions);
    await screen.findByRole('list', { name: 'Agents found' });
    expect(container.textContent).toContain(HOSTILE[1]);
    expect(container.textContent).toContain(HOSTILE[3]);
    expectInert(container);
  });

  it('shows a refused find with the guard’s finding', async () => {
    await db.finds.add(
      findRow({
        status: 'refused',
        agents: [],
        error: memberError('secret_found', 'This looks like it holds a private key block.', {
          found: ['a private key block'],
        }),
      }),
    );
    const { actions } = fakeActions();
    renderPanel(<FindView onChoose={() => undefined} />, actions);
    const list = await screen.findByRole('list', { name: 'What was found' });
    expect(list.textContent).toBe('a private key block');
  });

  it('says how strong each match is in words over a small meter, never a bare “Match 16%”', async () => {
    const cards = [
      makeCard({ matchBps: 9100 }),
      makeCard({ agentId: 'ag_2', matchBps: 4500 }),
      makeCard({ agentId: 'ag_3', matchBps: 1600 }),
    ];
    await db.finds.add(findRow({ agents: cards }));
    renderPanel(<FindView onChoose={() => undefined} />, fakeActions().actions);
    const list = await screen.findByRole('list', { name: 'Agents found' });
    const meters = within(list).getAllByRole('meter', { name: 'Match to your search' });
    expect(meters.map((m) => m.getAttribute('aria-valuenow'))).toEqual(['91', '45', '16']);
    expect(meters.map((m) => m.getAttribute('aria-valuetext'))).toEqual([
      'Strong match (91%)',
      'Some match (45%)',
      'Weak match (16%)',
    ]);
    expect(meters.map((m) => m.textContent)).toEqual(['Strong match', 'Some match', 'Weak match']);
    // The bar is as long as the match, and only drawn: its figure is the meter's value.
    const bars = meters.map((m) => m.querySelector<HTMLElement>('.match-bar'));
    expect(bars.every((bar) => bar?.getAttribute('aria-hidden') === 'true')).toBe(true);
    expect(bars.map((bar) => (bar?.firstElementChild as HTMLElement | null)?.style.width)).toEqual([
      '91%',
      '45%',
      '16%',
    ]);
    expect(list.textContent).not.toMatch(/Match\s*\d/);
  });

  it('makes only the best match’s preview the primary button; the others are quieter, named the same way', async () => {
    const cards = [
      makeCard({ untrustedName: ut('Postgres Tuning Guild'), matchBps: 9100 }),
      makeCard({ agentId: 'ag_2', untrustedName: ut('Data Pipeline Architect'), matchBps: 1600 }),
      makeCard({ agentId: 'ag_3', untrustedName: ut('Index Doctor'), matchBps: 1200 }),
    ];
    await db.finds.add(findRow({ agents: cards }));
    renderPanel(<FindView onChoose={() => undefined} />, fakeActions().actions);
    const best = await screen.findByRole('button', { name: 'Preview a call to Postgres Tuning Guild' });
    expect(best.classList.contains('secondary')).toBe(false);
    for (const agent of ['Data Pipeline Architect', 'Index Doctor']) {
      const button = screen.getByRole('button', { name: `Preview a call to ${agent}` });
      expect(button.classList.contains('secondary')).toBe(true);
      expect(button.textContent).toBe(best.textContent);
    }
    expect(css).toMatch(/button\.secondary\s*\{\s*background: transparent;/);
  });

  it('says how often it was used and who contributed in plain words, each count one unbroken phrase', async () => {
    await db.finds.add(findRow({ agents: [makeCard({ countedCalls: 412, contributors: 9 })] }));
    renderPanel(<FindView onChoose={() => undefined} />, fakeActions().actions);
    const card = within(await screen.findByRole('list', { name: 'Agents found' })).getByRole('listitem');
    const used = within(card).getByText('Used 412 times');
    const contributors = within(card).getByText('9 members contributed');
    // The two counts share one line, and neither breaks between its number and its words.
    expect(used.parentElement).toBe(contributors.parentElement);
    expect(used.parentElement?.classList.contains('card-use')).toBe(true);
    expect(css).toMatch(/\.card-use > span\s*\{\s*white-space: nowrap;/);
    expect(card.textContent).not.toMatch(/counted|Contributors/);
    expect(card.querySelector('dt')).toBeNull();
  });

  it('in German too, each count keeps its number and words together', async () => {
    setTestLocale('de');
    await db.finds.add(findRow({ agents: [makeCard({ countedCalls: 412, contributors: 9 })] }));
    renderPanel(<FindView onChoose={() => undefined} />, fakeActions().actions);
    const card = within(await screen.findByRole('list', { name: 'Gefundene Agenten' })).getByRole('listitem');
    const used = within(card).getByText('412-mal genutzt');
    expect(within(card).getByText('9 Mitwirkende').parentElement).toBe(used.parentElement);
  });

  it('draws no coloured bar the card does not explain: its accent id is not drawn', async () => {
    await db.finds.add(
      findRow({ agents: [makeCard({ accent: 'teal' }), makeCard({ agentId: 'ag_2', accent: 'violet' })] }),
    );
    const { container } = renderPanel(<FindView onChoose={() => undefined} />, fakeActions().actions);
    await screen.findByRole('list', { name: 'Agents found' });
    expect(container.innerHTML).not.toMatch(/accent|teal|violet/);
    expect(css).not.toMatch(/--accent|\.accent-/);
  });

  it('with agents shown, the field’s label and hint are read out but not drawn, the label its placeholder', async () => {
    await db.finds.add(findRow());
    renderPanel(<FindView onChoose={() => undefined} />, fakeActions().actions);
    await screen.findByRole('list', { name: 'Agents found' });
    const box = screen.getByRole('textbox', { name: 'What do you need?' });
    expect(box.getAttribute('placeholder')).toBe('What do you need?');
    expect(document.querySelector('label[for="find-text"]')?.classList.contains('visually-hidden')).toBe(true);
    expect(document.getElementById('find-hint')?.classList.contains('visually-hidden')).toBe(true);
  });

  it('before a find, the field’s label and hint are drawn', async () => {
    renderPanel(<FindView onChoose={() => undefined} />, fakeActions().actions);
    const box = await screen.findByRole('textbox', { name: 'What do you need?' });
    expect(box.getAttribute('placeholder')).toBeNull();
    expect(document.querySelector('label[for="find-text"]')?.classList.contains('visually-hidden')).toBe(false);
    expect(document.getElementById('find-hint')?.classList.contains('visually-hidden')).toBe(false);
  });

  it('hands the chosen card to the preview', async () => {
    await db.finds.add(findRow());
    const chosen: string[] = [];
    const { actions } = fakeActions();
    renderPanel(<FindView onChoose={(card) => chosen.push(card.agentId)} />, actions);
    fireEvent.click(await screen.findByRole('button', { name: 'Preview a call to Postgres helper' }));
    expect(chosen).toEqual(['ag_1']);
  });
});
