// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { SiteText } from '@/components/common/SiteText';
import { UntrustedText } from '@/components/common/UntrustedText';
import { expectInert, HOSTILE, ut } from './fixtures';

afterEach(cleanup);

describe('UntrustedText', () => {
  it.each(HOSTILE)('shows %s as the characters it is, and nothing runs', (text) => {
    const { container } = render(<UntrustedText value={ut(text)} block />);
    expect(container.textContent).toBe(text);
    expectInert(container);
  });

  it('does not turn Markdown into a link', () => {
    const { container } = render(<UntrustedText value={ut('[docs](https://evil.example)')} />);
    expect(container.querySelector('a')).toBeNull();
    expect(screen.getByText('[docs](https://evil.example)')).toBeTruthy();
  });

  it('marks cut text visibly, and only cut text', () => {
    const { container, rerender } = render(<UntrustedText value={ut('a long text', true)} />);
    expect(screen.getByText(/\(shortened\)/)).toBeTruthy();
    rerender(<UntrustedText value={ut('a long text', false)} />);
    expect(container.textContent).toBe('a long text');
    expect(screen.queryByText(/\(shortened\)/)).toBeNull();
  });

  it('drops direction overrides that would disguise a file name', () => {
    const { container } = render(<UntrustedText value={ut('invoice\u202Etxt.exe')} />);
    expect(container.textContent).toBe('invoicetxt.exe');
  });

  it('isolates its text from the panel’s own (dir="auto")', () => {
    const { container } = render(<UntrustedText value={ut('שלום')} />);
    expect(container.querySelector('.untrusted')?.getAttribute('dir')).toBe('auto');
  });

  it('shows a line the site wrote as text, isolated, never as markup', () => {
    const { container } = render(<SiteText text={'<b>Approve</b> \u05D0 on the site'} />);
    const el = container.querySelector('.site-text');
    expect(el?.getAttribute('dir')).toBe('auto');
    expect(el?.textContent).toBe('<b>Approve</b> \u05D0 on the site');
    expectInert(container);
  });

  it('shows long text collapsed, with Show more and Show less, the cut mark kept', () => {
    const long = `${'word '.repeat(200)}END`;
    const { container } = render(<UntrustedText value={ut(long, true)} block />);
    const shown = () => container.querySelector('.untrusted')?.textContent ?? '';
    expect(shown().length).toBeLessThan(400);
    expect(shown()).not.toContain('END');
    expect(shown()).toContain('… (shortened)');
    const more = screen.getByRole('button', { name: 'Show more' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(shown()).toContain('END');
    expect(shown()).toContain('… (shortened)');
    fireEvent.click(screen.getByRole('button', { name: 'Show less' }));
    expect(shown()).not.toContain('END');
  });

  it('collapses text of many short lines too, and leaves short text alone', () => {
    const { container, rerender } = render(<UntrustedText value={ut('1\n2\n3\n4\n5\n6\n7\n8')} block />);
    expect(container.querySelector('.untrusted')?.textContent).not.toContain('8');
    expect(screen.getByRole('button', { name: 'Show more' })).toBeTruthy();
    rerender(<UntrustedText value={ut('a short note')} block />);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('collapses long inline text (an agent’s “Knows” line) as well', () => {
    const knows = `${'Rust ownership and lifetimes. '.repeat(170)}LAST`;
    const { container } = render(<UntrustedText value={ut(knows, true)} />);
    const span = container.querySelector('span.untrusted');
    expect(span?.textContent).not.toContain('LAST');
    expect(span?.textContent).toContain('… (shortened)');
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(container.querySelector('span.untrusted')?.textContent).toContain('LAST');
  });

  it('cuts a long name with the whole name in its tooltip', () => {
    const name = `Agent ${'x'.repeat(200)}`;
    const { container } = render(<UntrustedText value={ut(name)} name />);
    const el = container.querySelector('.untrusted');
    expect(el?.textContent?.length).toBe(80);
    expect(el?.textContent?.endsWith('…')).toBe(true);
    expect(el?.getAttribute('title')).toBe(name);
    const short = render(<UntrustedText value={ut('Short name')} name />);
    expect(short.container.querySelector('.untrusted')?.hasAttribute('title')).toBe(false);
  });

  it('shows the panel’s own words for an empty or missing value', () => {
    const { container } = render(<UntrustedText value={null} empty="(no name)" />);
    expect(container.textContent).toBe('(no name)');
  });
});
