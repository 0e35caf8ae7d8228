/**
 * The stores' listing text, one file per locale beside the messages (locales/store/<locale>.yml): a short
 * description within the 132 characters both stores show, and a long one within the Chrome Web Store's
 * 16,000, in every language the extension ships.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { parseMessagesFile } from '@wxt-dev/i18n/build';
import { describe, expect, it } from 'vitest';
import { LOCALES_DIR } from '@/testing/messages';
import { REQUIRED_LOCALES } from '@/test/i18n/locale-rules';

const STORE_DIR = path.join(LOCALES_DIR, 'store');

async function listing(locale: string): Promise<Record<string, string>> {
  const parsed = await parseMessagesFile(path.join(STORE_DIR, `${locale}.yml`));
  return Object.fromEntries(parsed.filter((m) => m.type === 'simple').map((m) => [m.key.join('.'), m.message]));
}

describe('store listing text', () => {
  it('has one file per shipped locale, and none other', () => {
    const files = readdirSync(STORE_DIR).map((f) => f.replace(/\.yml$/, ''));
    expect(files.sort()).toEqual([...REQUIRED_LOCALES].sort());
  });

  it.each(REQUIRED_LOCALES)('%s: a short description of at most 132 characters and a long one', async (locale) => {
    const text = await listing(locale);
    expect(Object.keys(text).sort()).toEqual(['long', 'short']);
    const short = text.short ?? '';
    const long = text.long ?? '';
    expect([...short].length).toBeGreaterThan(20);
    expect([...short].length).toBeLessThanOrEqual(132);
    expect([...long].length).toBeGreaterThan(300);
    expect([...long].length).toBeLessThanOrEqual(16_000);
    // The name stays the product's; the contract is named by its title.
    expect(long).toContain('Agent Connection');
    expect(long).toContain('Connection API v1');
    if (locale !== 'en') expect(short).not.toBe((await listing('en')).short);
  });
});
