// @vitest-environment happy-dom
import { cleanup, fireEvent, render } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { Time } from '@/components/common/Time';
import { formatAbsolute } from '@/lib/format/time';

afterEach(cleanup);

describe('Time', () => {
  it('a relative time says how long ago, means its exact time, and shows the full date and time where the pointer is', () => {
    const now = new Date('2026-11-01T10:03:00Z');
    const { container, rerender } = render(<Time iso="2026-11-01T10:00:00Z" relative now={now} />);
    const time = container.querySelector('time') as HTMLTimeElement;
    expect(time.textContent).toBe('3 minutes ago');
    expect(time.dateTime).toBe('2026-11-01T10:00:00Z');
    fireEvent.pointerEnter(time);
    expect(time.title).toBe(formatAbsolute('2026-11-01T10:00:00Z'));
    // The same element showing another time: its tooltip follows.
    rerender(<Time iso="2026-11-01T09:00:00Z" relative now={now} />);
    fireEvent.pointerEnter(time);
    expect(time.title).toBe(formatAbsolute('2026-11-01T09:00:00Z'));
  });

  it('an absolute time and a calendar date are shown as they are', () => {
    const { container } = render(
      <p>
        <Time iso="2026-11-01T10:00:00Z" />
        <Time iso="2026-04-30" day />
      </p>,
    );
    const [absolute, day] = container.querySelectorAll('time');
    expect(absolute?.textContent).toBe(formatAbsolute('2026-11-01T10:00:00Z'));
    expect(day?.dateTime).toBe('2026-04-30');
  });

  it('an instant said by its day keeps the hour out of the line and in its tooltip', () => {
    const { container } = render(<Time iso="2026-11-03T08:44:00Z" dayOnly />);
    const time = container.querySelector('time') as HTMLTimeElement;
    expect(time.dateTime).toBe('2026-11-03T08:44:00Z');
    expect(time.textContent).toMatch(/2026/);
    expect(time.textContent).not.toMatch(/\d:\d\d/);
    fireEvent.pointerEnter(time);
    expect(time.title).toBe(formatAbsolute('2026-11-03T08:44:00Z'));
  });
});
