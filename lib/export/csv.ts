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

/** A whole table: the header row, then one row per record, CRLF line ends (RFC 4180). */
export function toCsv<K extends string>(columns: readonly K[], rows: readonly Readonly<Record<K, CsvValue>>[]): string {
  if (columns.length === 0) throw new TypeError('A CSV table needs at least one column.');
  const lines = [columns.map((c) => csvCell(c)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(row[c] ?? null)).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
