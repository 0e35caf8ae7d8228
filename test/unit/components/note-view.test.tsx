// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { NoteView } from '@/components/result/NoteView';
import { expectInert, fakeActions, ut } from './fixtures';
import { renderPanel } from './render-panel';

afterEach(cleanup);

const NOTE = [
  '## Plan',
  '',
  'Read [the guide](https://docs.example/guide) and [this](javascript:alert(1)).',
  '',
  '```',
  'bash fix.sh',
  '```',
  '',
  '<img src=x onerror=alert(1)>',
].join('\n');

describe('NoteView', () => {
  it('reads the note as safe Markdown: headings, code, links as text with Open only for http(s)', () => {
    const { actions, sent } = fakeActions();
    const { container } = renderPanel(<NoteView note={ut(NOTE)} level={3} />, actions);
    const note = screen.getByRole('region', { name: 'Answer' });
    expect(within(note).getByRole('heading', { name: 'Plan' })).toBeTruthy();
    expect(note.querySelector('pre code')?.textContent).toBe('bash fix.sh');
    expect(note.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(
      within(note)
        .getAllByRole('button', { name: /^Open link/ })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Open link: https://docs.example/guide']);
    expectInert(container);
    // Nothing is opened until the member clicks.
    expect(sent).toEqual([]);
    fireEvent.click(within(note).getByRole('button', { name: 'Open link: https://docs.example/guide' }));
    expect(sent).toEqual([{ name: 'openExternalUrl', payload: { url: 'https://docs.example/guide' } }]);
  });

  it('copies a code block only when the member asks; copying the whole note is the result’s action', async () => {
    const { actions, order } = fakeActions();
    renderPanel(<NoteView note={ut(NOTE)} level={3} />, actions);
    expect(order).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Copy this code' }));
    await waitFor(() => expect(order).toEqual(['copy:bash fix.sh']));
    expect(screen.getAllByText('Copied.').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Copy the answer' })).toBeNull();
  });

  it('starts a long note collapsed and keeps its cut mark', () => {
    const { actions } = fakeActions();
    const long = Array.from({ length: 12 }, (_, i) => `Paragraph ${i} ${'text '.repeat(30)}`).join('\n\n');
    renderPanel(<NoteView note={ut(long, true)} level={3} />, actions);
    const note = screen.getByRole('region', { name: 'Answer' });
    expect(note.textContent).not.toContain('Paragraph 11');
    expect(note.textContent).toContain('… (shortened)');
    fireEvent.click(within(note).getByRole('button', { name: 'Show more' }));
    expect(note.textContent).toContain('Paragraph 11');
  });
});
