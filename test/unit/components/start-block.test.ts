import { describe, expect, it } from 'vitest';
import { previewCheck, startBlocks } from '@/components/preview/start-block';

describe('startBlocks: one rule for every way of starting a call', () => {
  it('holds a start back while its preview is read, and when the read failed; lets it go once read', () => {
    expect(startBlocks({ preview: 'reading' })).toEqual(['previewReading']);
    expect(startBlocks({ preview: 'failed' })).toEqual(['previewFailed']);
    expect(startBlocks({ preview: 'ready' })).toEqual([]);
    expect(startBlocks({ preview: 'not_needed' })).toEqual([]);
  });

  it('lists every reason at once', () => {
    expect(startBlocks({ busy: true, preview: 'failed', maxInvalid: true, secret: true, filesBlocked: true })).toEqual([
      'busy',
      'previewFailed',
      'maxInvalid',
      'secret',
      'filesBlocked',
    ]);
  });

  it('reads a preview as ready only when it was read for what is on screen and answered', () => {
    expect(previewCheck({ settled: false, preview: {}, error: null })).toBe('reading');
    expect(previewCheck({ settled: true, preview: null, error: { code: 'server_error' } })).toBe('failed');
    expect(previewCheck({ settled: true, preview: {}, error: null })).toBe('ready');
  });
});
