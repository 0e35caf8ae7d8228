// The contract names "one of ten accent colors, by id" without listing the ids. The panel knows ten
// colour names and numbered ids (1–10 or 0–9, with or without a prefix); anything else gets a neutral
// colour instead of one that would look chosen.
const PALETTE = [
  'red',
  'orange',
  'amber',
  'green',
  'teal',
  'cyan',
  'blue',
  'indigo',
  'violet',
  'pink',
] as const;
export type Accent = (typeof PALETTE)[number] | 'neutral';

export function accentFor(id: string): Accent {
  const text = id.trim().toLowerCase();
  const named = PALETTE.find((name) => name === text);
  if (named) return named;
  const numbered = /^(?:accent[-_]?)?(\d{1,2})$/.exec(text);
  if (numbered) {
    const n = Number(numbered[1]);
    if (n >= 1 && n <= 10) return PALETTE[n - 1] ?? 'neutral';
    if (n === 0) return PALETTE[0];
  }
  return 'neutral';
}
