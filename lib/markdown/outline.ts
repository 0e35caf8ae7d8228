import type { Block } from './parse';

/**
 * The level each heading is shown at: the text's highest heading sits at `top`, and no heading goes more than
 * one level below the one before it, so a note that jumps from # to #### still reads as an outline.
 */
export function headingLevels(blocks: Block[], top: number): number[] {
  const found = blocks.flatMap((b) => (b.type === 'heading' ? [b.level] : []));
  const highest = Math.min(...found, 6);
  let previous = top - 1;
  return blocks.map((b) => {
    if (b.type !== 'heading') return 0;
    const level = Math.min(6, top + b.level - highest, previous + 1);
    previous = level;
    return level;
  });
}
