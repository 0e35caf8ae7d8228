// Connect codes (G6): three letters and eight letters or digits, shown as ABC-DEFG-HJKL; case, spaces and
// dashes do not matter. A code of another form is refused here and nothing is sent.
export function normalizeConnectCode(input: string): string | null {
  const compact = input.replace(/[\s-]+/g, '').toUpperCase();
  if (!/^[A-Z]{3}[A-Z0-9]{8}$/.test(compact)) return null;
  return `${compact.slice(0, 3)}-${compact.slice(3, 7)}-${compact.slice(7)}`;
}
