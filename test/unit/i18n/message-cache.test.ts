import { fakeBrowser } from 'wxt/testing/fake-browser';
import { describe, expect, it, vi } from 'vitest';
import { forgetMessages, t, tn } from '@/lib/i18n';
import { setTestLocale } from '@/test/unit/setup/i18n';

describe('messages asked of the browser', () => {
  it('a message without substitutions is asked once per page, then comes from memory', () => {
    forgetMessages();
    const asked = vi.spyOn(fakeBrowser.i18n, 'getMessage');
    try {
      expect(t('sessionView.results')).toBe(t('sessionView.results'));
      expect(asked.mock.calls.filter(([name]) => name === 'sessionView_results')).toHaveLength(1);
    } finally {
      asked.mockRestore();
    }
  });

  it('a message with named substitutions is asked once too, and filled in with each call’s own values', () => {
    forgetMessages();
    const asked = vi.spyOn(fakeBrowser.i18n, 'getMessage');
    try {
      expect(t('result.lineCharged', { amount: '$0.23' })).not.toBe(t('result.lineCharged', { amount: '$1.05' }));
      expect(t('result.lineCharged', { amount: '$1.05' })).toContain('$1.05');
      expect(asked.mock.calls.filter(([name]) => name === 'result_lineCharged')).toHaveLength(1);
      // A name the message does not have stays out; one it has but was not given stays as written.
      expect(t('local.atMostItems', { field: 'fileIds' } as never)).toBe('fileIds may hold at most {max}');
    } finally {
      asked.mockRestore();
    }
  });

  it('a message with substitutions is worded each time with its own values', () => {
    expect(tn('sessionSummary.calls', 1)).not.toBe(tn('sessionSummary.calls', 2));
    expect(t('local.atMostItems', { field: 'fileIds', max: '6' })).toBe('fileIds may hold at most 6');
    expect(t('local.atMostItems', { field: 'checks', max: '3' })).toBe('checks may hold at most 3');
  });

  it('another language (a restart) is asked again, not served from the first', () => {
    const english = t('sessionView.results');
    setTestLocale('de');
    expect(t('sessionView.results')).not.toBe(english);
  });
});
