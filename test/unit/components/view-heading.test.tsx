// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { focusNextViewHeading, ViewHeading } from '@/components/common/ViewHeading';

afterEach(cleanup);

describe('ViewHeading', () => {
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));

  it('takes the focus when the view changed, once, and never otherwise', async () => {
    render(<ViewHeading>First view</ViewHeading>);
    await frame();
    expect(document.activeElement).toBe(document.body);
    cleanup();

    focusNextViewHeading();
    render(<ViewHeading>Second view</ViewHeading>);
    const heading = screen.getByRole('heading', { level: 1, name: 'Second view' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    // Focusable by script only: Tab does not stop on it.
    expect(heading.getAttribute('tabindex')).toBe('-1');
    cleanup();

    render(<ViewHeading>Re-rendered later</ViewHeading>);
    await frame();
    expect(document.activeElement).toBe(document.body);
  });
});
