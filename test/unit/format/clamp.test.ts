import { describe, expect, it } from 'vitest';
import { COLLAPSED_CHARS, collapsedText, shortenedText } from '@/lib/format/clamp';

describe('collapsedText', () => {
  it('is null for text that fits, and a start cut at a word for text that does not', () => {
    expect(collapsedText('short')).toBeNull();
    const long = `${'alpha '.repeat(100)}omega`;
    const head = collapsedText(long);
    expect(head).not.toBeNull();
    expect(Array.from(head ?? '').length).toBeLessThanOrEqual(COLLAPSED_CHARS);
    expect(head?.endsWith('alpha')).toBe(true);
  });
  it('counts lines as well as characters, and code points, not UTF-16 units', () => {
    expect(collapsedText('a\nb\nc\nd\ne\nf')).toBe('a\nb\nc\nd\ne');
    expect(collapsedText('😀'.repeat(COLLAPSED_CHARS))).toBeNull();
  });
  it('refuses what is not a string', () => {
    expect(() => collapsedText(null as unknown as string)).toThrow(TypeError);
  });
});

describe('shortenedText', () => {
  it('cuts with … to the limit, or is null', () => {
    expect(shortenedText('abcdef', 4)).toBe('abc…');
    expect(shortenedText('abcd', 4)).toBeNull();
  });
  it('refuses a bad limit', () => {
    expect(() => shortenedText('abc', 0)).toThrow(RangeError);
    expect(() => shortenedText('abc', 1.5)).toThrow(RangeError);
  });
});
