import { describe, expect, it } from 'vitest';
import { COLLAPSED_MARKDOWN_CHARS, collapsedBlockCount } from '@/lib/markdown/collapse';
import { headingLevels } from '@/lib/markdown/outline';
import { parseMarkdown } from '@/lib/markdown/parse';

describe('headingLevels', () => {
  it('puts the highest heading at the top level and never skips a level going down', () => {
    const blocks = parseMarkdown('## Plan\n\ntext\n\n#### Deep\n\n### Mid\n\n## Next');
    expect(headingLevels(blocks, 3).filter((l) => l > 0)).toEqual([3, 4, 4, 3]);
  });
  it('gives 0 to blocks that are not headings and caps at 6', () => {
    expect(headingLevels(parseMarkdown('para\n\n# A\n\n## B\n\n### C\n\n#### D'), 5)).toEqual([0, 5, 6, 6, 6]);
  });
});

describe('collapsedBlockCount', () => {
  const para = (n: number) => `${'w '.repeat(n / 2).trim()}`;
  it('shows everything when the text fits', () => {
    expect(collapsedBlockCount(parseMarkdown(`${para(100)}\n\n${para(100)}`))).toBeNull();
  });
  it('shows the blocks within the budget, at least one', () => {
    const blocks = parseMarkdown([para(300), para(250), para(300), para(100)].join('\n\n'));
    expect(collapsedBlockCount(blocks)).toBe(2);
    expect(collapsedBlockCount(parseMarkdown(para(COLLAPSED_MARKDOWN_CHARS * 3)))).toBe(1);
  });
  it('refuses what is not a list of blocks', () => {
    expect(() => collapsedBlockCount('text' as never)).toThrow(TypeError);
  });
});
