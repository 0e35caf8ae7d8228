/**
 * How many blocks of a long Markdown text are shown before "Show more": blocks while their text stays within
 * a budget (at least one), so a long note cannot fill the side panel. Null when everything fits. A first
 * block longer than the budget alone is shown clipped (the view's `clipped` class).
 */
import type { Block, Inline } from './parse';

export const COLLAPSED_MARKDOWN_CHARS = 600;

function inlineLength(nodes: Inline[]): number {
  return nodes.reduce(
    (n, node) => n + (node.type === 'text' || node.type === 'code' ? node.text.length : inlineLength(node.children)),
    0,
  );
}

export function blockLength(block: Block): number {
  switch (block.type) {
    case 'heading':
    case 'paragraph':
      return inlineLength(block.children);
    case 'code':
      return block.text.length;
    case 'list':
      return block.items.reduce(
        (n, item) => n + inlineLength(item.children) + item.lists.reduce((m, l) => m + blockLength(l), 0),
        0,
      );
  }
}

export function collapsedBlockCount(blocks: Block[], budget = COLLAPSED_MARKDOWN_CHARS): number | null {
  if (!Array.isArray(blocks)) throw new TypeError('collapsedBlockCount: blocks must be an array');
  let used = 0;
  for (let i = 0; i < blocks.length; i++) {
    used += blockLength(blocks[i] as Block);
    if (used > budget) return Math.max(1, i);
  }
  return null;
}
