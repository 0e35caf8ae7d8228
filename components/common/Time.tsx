import type { TargetedPointerEvent } from 'preact';
import { formatAbsolute, formatCalendarDate, formatDay, formatRelative } from '@/lib/format/time';

interface Props {
  /** An ISO 8601 date-time, or a calendar date (YYYY-MM-DD) with `day`. */
  iso: string;
  /** "3 minutes ago" (the full date and time in its tooltip) instead of the date and time. */
  relative?: boolean;
  /** A calendar date with no time of day (learnedAt). */
  day?: boolean;
  /** An instant said by its day alone (the full date and time in its tooltip): where the minute says nothing. */
  dayOnly?: boolean;
  /** The clock for a relative time: a list passes one `now` to every row. */
  now?: Date;
}

/**
 * The tooltip of a relative time, worded when the pointer reaches it: formatting a full date and time costs
 * more than the rest of a line, and a list of 50 calls would word 50 tooltips nobody may point at. Read from
 * the element, so it follows the time shown.
 */
function showFullTime(event: TargetedPointerEvent<HTMLTimeElement>): void {
  const time = event.currentTarget;
  time.title = formatAbsolute(time.dateTime);
}

/** A time in the member's language, as a <time> element, so what it says and what it means stay together. */
export function Time({ iso, relative = false, day = false, dayOnly = false, now }: Props) {
  if (day) return <time dateTime={iso}>{formatCalendarDate(iso)}</time>;
  if (dayOnly) {
    return (
      <time dateTime={iso} onPointerEnter={showFullTime}>
        {formatDay(iso)}
      </time>
    );
  }
  if (!relative) return <time dateTime={iso}>{formatAbsolute(iso)}</time>;
  return (
    <time dateTime={iso} onPointerEnter={showFullTime}>
      {formatRelative(iso, now)}
    </time>
  );
}
