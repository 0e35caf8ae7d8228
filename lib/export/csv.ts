/**
 * CSV (RFC 4180) written so that a spreadsheet reads every cell as text: a cell that starts with `=`, `+`,
 * `-`, `@`, a tab or a carriage return would be taken for a formula (CSV injection), so it gets a leading
 * apostrophe, which spreadsheets show as "this is text". Untrusted text stays data this way.
 */

export type CsvValue = string | number | boolean | null;

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: formula starts defused, then quoted when it holds a comma, a quote or a line break. */
export function csvCell(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`A CSV cell cannot hold ${value}.`);
    // A negative number is a number, not a formula; written as digits it needs no apostrophe.
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value !== 'string') throw new TypeError('A CSV cell holds a string, a number, a boolean or null.');
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One row of a table, its cells in the columns' order, ended by CRLF (RFC 4180). */
export function csvLine<K extends string>(columns: readonly K[], row: Readonly<Record<K, CsvValue>>): string {
  if (columns.length === 0) throw new TypeError('A CSV table needs at least one column.');
  return `${columns.map((c) => csvCell(row[c] ?? null)).join(',')}\r\n`;
}

/** A table's header row: the columns' names. */
export function csvHeader(columns: readonly string[]): string {
  if (columns.length === 0) throw new TypeError('A CSV table needs at least one column.');
  return `${columns.map((c) => csvCell(c)).join(',')}\r\n`;
}
