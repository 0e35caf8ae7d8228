import { describe, expect, it } from 'vitest';
import { limitByWords, limitSentence } from '@/lib/format/limit';

describe('limitSentence', () => {
  it('says what set the limit and that it is not a price', () => {
    expect(limitSentence(500, 'credits', 'en-US')).toBe(
      'It can hold and charge at most $5.00 (set by your spendable credits). This is not a price.',
    );
    expect(limitSentence(300, 'caller_max', 'en-US')).toContain('your maximum for this call');
    expect(limitSentence(2000, 'safety_ceiling', 'en-US')).toContain('the site’s own cap');
  });
  it('says nothing about what set it when the call recorded nothing', () => {
    expect(limitSentence(500, null, 'en-US')).toBe('It can hold and charge at most $5.00. This is not a price.');
  });
  it('names an unknown reason as unknown instead of guessing', () => {
    expect(limitByWords('future_reason')).toBe('a rule this version of the extension does not know');
  });
});
