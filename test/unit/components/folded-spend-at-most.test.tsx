// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { useState } from 'preact/hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { FoldedSpendAtMost } from '@/components/preview/SpendAtMost';

afterEach(cleanup);

function Field({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return <FoldedSpendAtMost label="Spend at most on the plan" id="max" value={value} onInput={setValue} />;
}

const more = () => screen.getByRole('button', { name: 'Spend at most on the plan' });
const field = () => screen.queryByRole('textbox', { name: /^Spend at most/ });

describe("a session's folded Spend at most", () => {
  it('is folded while no limit is set, and opens on its toggle, named for the call it limits', () => {
    render(<Field initial="" />);
    expect(more().getAttribute('aria-expanded')).toBe('false');
    expect(field()).toBeNull();
    fireEvent.click(more());
    expect(field()).not.toBeNull();
  });

  it('is open from the start when the session carries a limit, so the member sees it', () => {
    render(<Field initial="2.50" />);
    expect((field() as HTMLInputElement).value).toBe('2.50');
  });

  it('stays open while what is typed is not an amount, so the reason the start waits is never hidden', () => {
    render(<Field initial="2.50" />);
    fireEvent.input(field() as HTMLInputElement, { target: { value: 'abc' } });
    fireEvent.click(more());
    expect(more().getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText(/amount/i, { selector: '.error-text' })).toBeTruthy();
  });
});
