import { describe, expect, it } from 'vitest';
import { type Block, type Inline, parseInline, parseMarkdown } from '@/lib/markdown/parse';

// All the text a tree holds, in order (what the member would read).
function textOf(nodes: (Inline | Block)[]): string {
  return nodes
    .map((n) => {
      switch (n.type) {
        case 'text':
        case 'code':
          return n.text;
        case 'list':
          return n.items.map((i) => textOf(i.children) + textOf(i.lists)).join('|');
        default:
          return textOf(n.children);
      }
    })
    .join('');
}

function kinds(nodes: (Inline | Block)[]): string[] {
  return nodes.map((n) => n.type);
}

describe('plan Markdown blocks', () => {
  it('reads headings, paragraphs, lists and fenced code', () => {
    const blocks = parseMarkdown(
      [
        '# Plan',
        '',
        'First line',
        'second line',
        '',
        '## Steps ##',
        '- one',
        '- two',
        '  - two a',
        '1. first',
        '2) second',
        '',
        '```ts',
        'const a = 1;',
        '```',
      ].join('\n'),
    );
    expect(kinds(blocks)).toEqual(['heading', 'paragraph', 'heading', 'list', 'list', 'code']);
    expect(blocks[0]).toMatchObject({ type: 'heading', level: 1 });
    expect(blocks[2]).toMatchObject({ type: 'heading', level: 2, children: [{ type: 'text', text: 'Steps' }] });
    expect(textOf([blocks[1]!])).toBe('First line\nsecond line');
    const bullets = blocks[3];
    if (bullets?.type !== 'list') throw new Error('expected a list');
    expect(bullets.ordered).toBe(false);
    expect(bullets.items).toHaveLength(2);
    expect(textOf(bullets.items[1]!.lists)).toBe('two a');
    expect(blocks[4]).toMatchObject({ type: 'list', ordered: true, start: 1 });
    expect(blocks[5]).toEqual({ type: 'code', text: 'const a = 1;' });
  });

  it('keeps an unclosed fence as code to the end, and a rule as text', () => {
    expect(parseMarkdown('```\n<script>x</script>')).toEqual([{ type: 'code', text: '<script>x</script>' }]);
    expect(textOf(parseMarkdown('---'))).toBe('---');
  });

  it('keeps raw HTML as its characters', () => {
    const html = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    expect(textOf(parseMarkdown(html))).toBe(html);
  });
});

describe('plan Markdown inline', () => {
  it('reads emphasis, strong and code, and leaves snake_case alone', () => {
    expect(parseInline('a *b* **c** _d_ `e*f*` snake_case_name')).toEqual([
      { type: 'text', text: 'a ' },
      { type: 'em', children: [{ type: 'text', text: 'b' }] },
      { type: 'text', text: ' ' },
      { type: 'strong', children: [{ type: 'text', text: 'c' }] },
      { type: 'text', text: ' ' },
      { type: 'em', children: [{ type: 'text', text: 'd' }] },
      { type: 'text', text: ' ' },
      { type: 'code', text: 'e*f*' },
      { type: 'text', text: ' snake_case_name' },
    ]);
  });

  it('keeps unmatched delimiters and escapes as text', () => {
    expect(textOf(parseInline('2 * 3 = 6 and **open'))).toBe('2 * 3 = 6 and **open');
    expect(parseInline('\\*not em\\*')).toEqual([{ type: 'text', text: '*not em*' }]);
  });

  it('reads links, images, autolinks and bare addresses as links with their address', () => {
    const nodes = parseInline(
      '[docs](https://example.org/a "t") ![logo](http://x.test/l.png) <https://auto.test> see https://bare.test/p.',
    );
    const links = nodes.filter((n) => n.type === 'link');
    expect(links.map((l) => (l.type === 'link' ? [l.url, l.image, textOf(l.children)] : null))).toEqual([
      ['https://example.org/a', false, 'docs'],
      ['http://x.test/l.png', true, 'logo'],
      ['https://auto.test', false, 'https://auto.test'],
      ['https://bare.test/p', false, 'https://bare.test/p'],
    ]);
    expect(textOf(nodes)).toContain('.');
  });

  it('reads hostile links as links whose address is kept for showing, whatever its scheme', () => {
    const [link] = parseInline('[click](javascript:alert(1))');
    expect(link).toEqual({
      type: 'link',
      children: [{ type: 'text', text: 'click' }],
      url: 'javascript:alert(1)',
      image: false,
    });
    const [auto] = parseInline('<javascript:alert(1)>');
    expect(auto).toMatchObject({ type: 'link', url: 'javascript:alert(1)' });
  });

  it('stays bounded on deep nesting and long runs of openers', () => {
    const deep = `${'*a '.repeat(3000)}${'[x'.repeat(3000)}${'`'.repeat(50)}`;
    expect(textOf(parseInline(deep))).toBe(deep);
    const nested = `${'**a '.repeat(50)}x${' a**'.repeat(50)}`;
    expect(textOf(parseInline(nested)).replace(/\*/g, '')).toBe(nested.replace(/\*/g, ''));
  });
});
