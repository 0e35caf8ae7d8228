/**
 * The bench's figures: a value, its budget, and how it was measured, printed as one table. A timing with a
 * floor is judged by its ratio to that floor, run by run (the floor measured in the same run, interleaved),
 * so a busy machine, which slows both, does not fail it; its milliseconds are printed for information.
 */

interface Floor {
  /** What the floor is, e.g. "a bare page of the extension to its first paint". */
  name: string;
  /** The floor's run beside each of the timing's runs, in the same unit. */
  runs: number[];
  /** The most allowed ratio (median of the runs' ratios); null when the ratio is reported only. */
  budget: number | null;
  /** How the ratio reads: "×" the floor, or "frames". */
  unit: '×' | 'frames';
}

export interface Figure {
  name: string;
  /** The median when several runs were measured. */
  value: number;
  unit: 'KB' | 'MB' | 'ms' | 'requests' | 'processes';
  /** The most allowed; null when the issue sets no budget (the figure is reported only). */
  budget: number | null;
  /** Every run, for the reader; one entry when measured once. */
  runs: number[];
  method: string;
  /** When set, the budget is on the ratio to this floor and `budget` above is left null. */
  floor?: Floor;
}

/** The ratio of each run to its floor. */
function ratios(figure: Figure): number[] {
  const floor = figure.floor;
  if (!floor) return [];
  return figure.runs.map((run, i) => run / (floor.runs[i] ?? Number.NaN));
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

function passes(figure: Figure): boolean {
  if (figure.floor && figure.floor.budget !== null) {
    const ratio = median(ratios(figure));
    return Number.isFinite(ratio) && ratio <= figure.floor.budget;
  }
  return figure.budget === null || (Number.isFinite(figure.value) && figure.value <= figure.budget);
}

function showRatio(value: number, unit: Floor['unit']): string {
  if (!Number.isFinite(value)) return 'n/a';
  return unit === 'frames' ? `${value.toFixed(1)} frames` : `${value.toFixed(2)}×`;
}

function show(value: number, unit: Figure['unit']): string {
  if (!Number.isFinite(value)) return 'n/a';
  if (unit === 'KB' || unit === 'MB') return `${value.toFixed(1)} ${unit}`;
  if (unit === 'ms') return `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
  return `${Number.isInteger(value) ? value : value.toFixed(1)}`;
}

/** Prints the table and each figure's runs and method; resolves true when every budget holds. */
export function printFigures(figures: readonly Figure[]): boolean {
  const rows = figures.map((f) => {
    const r = ratios(f);
    const ratio = f.floor
      ? `${showRatio(median(r), f.floor.unit)} (${showRatio(Math.min(...r), f.floor.unit)}–${showRatio(Math.max(...r), f.floor.unit)})`
      : '';
    return {
      name: f.name,
      value: f.floor ? `${show(f.value, f.unit)}  ${ratio}` : show(f.value, f.unit),
      budget:
        f.floor && f.floor.budget !== null
          ? `≤ ${showRatio(f.floor.budget, f.floor.unit)}`
          : f.budget === null
            ? '(none)'
            : `≤ ${show(f.budget, f.unit)}`,
      verdict: (f.floor && f.floor.budget !== null) || f.budget !== null ? (passes(f) ? 'PASS' : 'FAIL') : 'INFO',
    };
  });
  const width = (key: keyof (typeof rows)[number]) => Math.max(...rows.map((r) => r[key].length));
  const [nw, vw, bw] = [width('name'), width('value'), width('budget')];
  console.log('');
  for (const r of rows)
    console.log(`${r.name.padEnd(nw)}  ${r.value.padStart(vw)}  ${r.budget.padEnd(bw)}  ${r.verdict}`);
  console.log('');
  for (const f of figures) {
    const runs = f.runs.length > 1 ? ` runs: ${f.runs.map((v) => show(v, f.unit)).join(', ')} (median shown).` : '';
    const floor = f.floor
      ? ` Floor: ${f.floor.name}; its runs, interleaved: ${f.floor.runs.map((v) => show(v, f.unit)).join(', ')}; ratio = run ÷ its floor, median with min–max.`
      : '';
    console.log(`- ${f.name}: ${f.method}${runs}${floor}`);
  }
  return figures.every(passes);
}
