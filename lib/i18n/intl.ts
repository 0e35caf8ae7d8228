/**
 * Intl formatters, made once per locale and options: building one costs far more than formatting with it,
 * and a list of 50 calls formats a time and a charge on every line.
 */
const made = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat | Intl.ListFormat>();

function once<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat | Intl.ListFormat>(
  kind: string,
  locale: string | undefined,
  options: object,
  make: () => T,
): T {
  const key = `${kind}|${locale ?? ''}|${JSON.stringify(options)}`;
  let formatter = made.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    made.set(key, formatter);
  }
  return formatter;
}

export function numberFormat(locale: string | undefined, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return once('number', locale, options, () => new Intl.NumberFormat(locale, options));
}

export function dateTimeFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return once('date', locale, options, () => new Intl.DateTimeFormat(locale, options));
}

export function relativeTimeFormat(
  locale: string | undefined,
  options: Intl.RelativeTimeFormatOptions,
): Intl.RelativeTimeFormat {
  return once('relative', locale, options, () => new Intl.RelativeTimeFormat(locale, options));
}

/** "a, b and c" in the member's language. */
export function listFormat(locale: string | undefined, options: Intl.ListFormatOptions): Intl.ListFormat {
  return once('list', locale, options, () => new Intl.ListFormat(locale, options));
}
