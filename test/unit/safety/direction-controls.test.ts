import { describe, expect, it } from 'vitest';
import { withoutDirectionControls } from '@/lib/safety/direction-controls';

describe('withoutDirectionControls', () => {
  it('removes embeddings, overrides and isolates, and nothing else', () => {
    const all = '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069';
    expect(withoutDirectionControls(`invoice_\u202Etxt.sh`)).toBe('invoice_txt.sh');
    expect(withoutDirectionControls(`a${all}b`)).toBe('ab');
    // Right-to-left text itself, marks and line breaks stay: only the controls go.
    expect(withoutDirectionControls('שלום\u200F world\nnext')).toBe('שלום\u200F world\nnext');
  });

  it('refuses what is not a string', () => {
    expect(() => withoutDirectionControls(42 as unknown as string)).toThrow(TypeError);
  });
});
