// The contract names "one of ten accent colors, by id" without listing them; these are the ten ids the
// emulator's seed uses (emulator/seed.ts ACCENTS). An id not among them gets a neutral colour rather
// than one that would look chosen.
const PALETTE = ['amber', 'azure', 'coral', 'emerald', 'indigo', 'lime', 'magenta', 'slate', 'teal', 'violet'] as const;
export type Accent = (typeof PALETTE)[number] | 'neutral';

export function accentFor(id: string): Accent {
  const text = id.trim().toLowerCase();
  return PALETTE.find((name) => name === text) ?? 'neutral';
}
