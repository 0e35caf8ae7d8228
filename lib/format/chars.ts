// Characters as the contract's limits count them: Unicode code points (G19), so an emoji counts once
// whichever engine counts. Its own module so the panel counts without loading the API schemas (zod).

export function charCount(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}
