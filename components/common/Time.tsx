import { formatAbsolute, formatCalendarDate, formatRelative } from '@/lib/format/time';

interface Props {
  /** An ISO 8601 date-time, or a calendar date (YYYY-MM-DD) with `day`. */
  iso: string;
  /** "3 minutes ago" (the full date and time in its tooltip) instead of the date and time. */
  relative?: boolean;
  /** A calendar date with no time of day (learnedAt). */
  day?: boolean;
  /** The clock for a relative time: a list passes one `now` to every row. */
  now?: Date;
}

/** A time in the member's language, as a <time> element, so what it says and what it means stay together. */
export function Time({ iso, relative = false, day = false, now }: Props) {
  if (day) return <time dateTime={iso}>{formatCalendarDate(iso)}</time>;
  if (!relative) return <time dateTime={iso}>{formatAbsolute(iso)}</time>;
  return (
    <time dateTime={iso} title={formatAbsolute(iso)}>
      {formatRelative(iso, now)}
    </time>
  );
}
