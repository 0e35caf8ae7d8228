// The member's locale: the browser's UI language. Tests pass a locale explicitly so they are stable.
export function memberLocale(): string | undefined {
  if (typeof navigator !== 'undefined' && typeof navigator.language === 'string' && navigator.language) {
    return navigator.language;
  }
  return undefined;
}
