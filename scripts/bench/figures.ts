/** The bench's figures: a value, its budget, and how it was measured, printed as one table. */

export interface Figure {
  name: string;
  /** The median when several runs were measured. */
  value: number;
  unit: 'KB' | 'ms' | 'requests';
  /** The most allowed; null when the issue sets no budget (the figure is reported only). */
  budget: number | null;
  /** Every run, for the reader; one entry when measured once. */
  runs: number[];
  method: string;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export function passes(figure: Figure): boolean {
  return figure.budget === null || (Number.isFinite(figure.value) && figure.value <= figure.budget);
}

function show(value: number, unit: Figure['unit']): string {
  if (!Number.isFinite(value)) return 'n/a';
  if (unit === 'KB') return `${value.toFixed(1)} KB`;
  if (unit === 'ms') return `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
  return `${Number.isInteger(value) ? value : value.toFixed(1)}`;
}

/** Prints the table and each figure's runs and method; resolves true when every budget holds. */
export function printFigures(figures: readonly Figure[]): boolean {
  const rows = figures.map((f) => ({
    name: f.name,
    value: show(f.value, f.unit),
    budget: f.budget === null ? '(none)' : `≤ ${show(f.budget, f.unit)}`,
    verdict: f.budget === null ? 'INFO' : passes(f) ? 'PASS' : 'FAIL',
  }));
  const width = (key: keyof (typeof rows)[number]) => Math.max(...rows.map((r) => r[key].length));
  const [nw, vw, bw] = [width('name'), width('value'), width('budget')];
  console.log('');
  for (const r of rows) console.log(`${r.name.padEnd(nw)}  ${r.value.padStart(vw)}  ${r.budget.padEnd(bw)}  ${r.verdict}`);
  console.log('');
  for (const f of figures) {
    const runs = f.runs.length > 1 ? ` runs: ${f.runs.map((v) => show(v, f.unit)).join(', ')} (median shown).` : '';
    console.log(`- ${f.name}: ${f.method}${runs}`);
  }
  return figures.every(passes);
}
