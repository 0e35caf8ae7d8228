import { describe, expect, it } from 'vitest';
import { checkPackage, checkShareAdditions, shareFileIds, shareFileIdsWithout } from '@/lib/files/share-package';
import { MAX_PACKAGE_BODY_BYTES } from '@/lib/contract/limits';

const open = (sizes: number[]) => ({
  status: 'open',
  files: sizes.map((sizeBytes, i) => ({ fileId: `f${i}`, sizeBytes })),
});

describe('share package, checked locally', () => {
  it('packages exactly 1 MB and refuses one byte more', () => {
    expect(checkPackage(open([MAX_PACKAGE_BODY_BYTES - 100, 100]))).toEqual({
      ok: true,
      value: MAX_PACKAGE_BODY_BYTES,
    });
    const over = checkPackage(open([MAX_PACKAGE_BODY_BYTES - 100, 101]));
    expect(over.ok).toBe(false);
    expect(!over.ok && over.message).toContain('at most 1 MB');
  });
  it('refuses an empty draft and one that is no longer open', () => {
    expect(checkPackage(open([])).ok).toBe(false);
    expect(checkPackage({ ...open([10]), status: 'waiting_sign_off' }).ok).toBe(false);
    expect(checkPackage({ ...open([10]), status: { unknown: 'frozen' } }).ok).toBe(false);
  });
  it('refuses additions that would pass 1 MB or 20 files before anything is uploaded', () => {
    expect(checkShareAdditions(open([MAX_PACKAGE_BODY_BYTES - 10]), [10])).toEqual({
      ok: true,
      value: MAX_PACKAGE_BODY_BYTES,
    });
    expect(checkShareAdditions(open([MAX_PACKAGE_BODY_BYTES - 10]), [11]).ok).toBe(false);
    expect(checkShareAdditions(open(Array(19).fill(1)), [1]).ok).toBe(true);
    expect(checkShareAdditions(open(Array(19).fill(1)), [1, 1]).ok).toBe(false);
  });
  it('sends the whole list for PUT, each file once', () => {
    expect(shareFileIds(open([1, 2]), ['f1', 'n1'])).toEqual({ ok: true, value: ['f0', 'f1', 'n1'] });
    expect(shareFileIds(open([]), []).ok).toBe(false);
    expect(shareFileIdsWithout(open([1, 2]), 'f0')).toEqual({ ok: true, value: ['f1'] });
    expect(shareFileIdsWithout(open([1]), 'f0').ok).toBe(false);
  });
});
