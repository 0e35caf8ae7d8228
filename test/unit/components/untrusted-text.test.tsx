// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
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
    expect(screen.getByText(/\(cut\)/)).toBeTruthy();
    rerender(<UntrustedText value={ut('a long text', false)} />);
    expect(container.textContent).toBe('a long text');
    expect(screen.queryByText(/\(cut\)/)).toBeNull();
  });

  it('drops direction overrides that would disguise a file name', () => {
    const { container } = render(<UntrustedText value={ut('invoice\u202Etxt.exe')} />);
    expect(container.textContent).toBe('invoicetxt.exe');
  });

  it('shows the panel’s own words for an empty or missing value', () => {
    const { container } = render(<UntrustedText value={null} empty="(no name)" />);
    expect(container.textContent).toBe('(no name)');
  });
});
