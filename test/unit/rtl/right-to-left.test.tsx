// @vitest-environment happy-dom
/**
 * Right to left for real (issue 43): the pages take `dir` from the language's @@bidi_dir, the stylesheet has
 * no physical left or right (so an Arabic panel mirrors whole), the site's text carries one treatment, and an
 * amount is never broken inside its number.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { SiteHeader, SiteQuote, SiteText } from '@/components/common/SiteText';
import { UntrustedText } from '@/components/common/UntrustedText';
import { forgetMessages } from '@/lib/i18n';
import { forgetMemberLocale } from '@/lib/i18n/locale';
import { localizePage, pageDirection } from '@/lib/i18n/page';
import { formatCents, formatMicros } from '@/lib/format/money';

afterEach(cleanup);

/** Every stylesheet of ours (components/, entrypoints/), comments removed. */
function stylesheets(): { file: string; css: string }[] {
  const found: { file: string; css: string }[] = [];
  for (const dir of ['components', 'entrypoints']) {
    for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
      if (!entry.endsWith('.css')) continue;
      const file = `${dir}/${entry}`;
      found.push({ file, css: readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '') });
    }
  }
  return found;
}

/**
 * A shorthand whose left and right differ: margin/padding/inset with four values (top right bottom left) and
 * the second not the fourth; border-radius (top-left top-right bottom-right bottom-left) not the same mirrored.
 */
function lopsided(line: string): boolean {
  const box = /^\s*(?:margin|padding|inset)\s*:\s*([^;]+);/
    .exec(line)?.[1]
    ?.trim()
    .split(/\s+(?![^(]*\))/);
  if (box?.length === 4) return box[1] !== box[3];
  const radius = /^\s*border-radius\s*:\s*([^;/]+);/
    .exec(line)?.[1]
    ?.trim()
    .split(/\s+(?![^(]*\))/);
  if (!radius || radius.length === 1) return false;
  const [tl, tr = tl, br = tl, bl = tr] = radius;
  return tl !== tr || br !== bl;
}

describe('the stylesheets, logical properties only', () => {
  it('finds our stylesheets', () => {
    expect(stylesheets().map((s) => s.file)).toContain('components/style.css');
  });

  it.each(stylesheets())('$file has no physical left or right', ({ css }) => {
    const physical = [
      // margin-left, padding-right, border-left(-color), inset-left…, and left:/right: themselves.
      /(?:^|[\s;{])(?:margin|padding|border|inset|scroll-margin|scroll-padding)-(?:left|right)\b[\w-]*\s*:/m,
      /(?:^|[\s;{])(?:left|right)\s*:/m,
      /border-(?:top|bottom)-(?:left|right)-radius\s*:/,
      /(?:^|[\s;{])(?:float|clear|text-align|text-align-last|caption-side)\s*:\s*(?:left|right)\b/m,
      /background-position(?:-x)?\s*:[^;]*\b(?:left|right)\b/,
    ];
    const lines = css.split('\n');
    const found = lines.filter((line) => physical.some((rule) => rule.test(line)) || lopsided(line));
    expect(found).toEqual([]);
  });

  it('flips what points a direction under [dir="rtl"]', () => {
    const css = readFileSync('components/style.css', 'utf8');
    expect(css).toMatch(/\[dir="rtl"\] \.call-line \.chevron\s*\{\s*transform: scaleX\(-1\)/);
    expect(css).toMatch(
      /\[dir="rtl"\] button\.disclosure-toggle\[aria-expanded="false"\] \.disclosure-mark::before\s*\{\s*content: "◂"/,
    );
  });

  it('breaks anywhere only in the site’s and the member’s text, never in the body (amounts)', () => {
    const css = readFileSync('components/style.css', 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    const body = /(?:^|\n)body\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(body).not.toMatch(/overflow-wrap:\s*anywhere/);
    const nowrap = /\.nowrap\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(nowrap).toMatch(/white-space:\s*nowrap/);
    const button = /(?:^|\n)button\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(button).toMatch(/text-align:\s*start/);
  });
});

describe('the page’s direction', () => {
  const i18n = fakeBrowser.i18n as unknown as { getMessage: (name: string) => string };

  function pageIn(language: string, bidi: string): { dir: string; lang: string } {
    const real = i18n.getMessage;
    vi.spyOn(i18n, 'getMessage').mockImplementation((name: string) => {
      if (name === '@@bidi_dir') return bidi;
      if (name === 'meta_locale') return language;
      return real(name);
    });
    forgetMessages();
    forgetMemberLocale();
    localizePage('A title');
    return { dir: document.documentElement.dir, lang: document.documentElement.lang };
  }

  it('is right to left when our messages are in a right-to-left language, whatever @@bidi_dir says', () => {
    expect(pageIn('ar', 'ltr')).toEqual({ dir: 'rtl', lang: 'ar' });
    expect(pageIn('ar', 'rtl').dir).toBe('rtl');
    expect(document.title).toBe('A title');
  });

  it('is left to right in German, and for English words that fell back in a right-to-left browser', () => {
    expect(pageIn('de', 'ltr').dir).toBe('ltr');
    expect(pageIn('en', 'rtl').dir).toBe('ltr');
  });

  it('follows @@bidi_dir when the language is not known', () => {
    expect(pageDirection(undefined, 'rtl')).toBe('rtl');
    expect(pageDirection(undefined, '')).toBe('ltr');
    expect(pageDirection('he-IL', 'ltr')).toBe('rtl');
  });

  it('is set by every extension page before it draws', () => {
    for (const page of readdirSync('entrypoints')) {
      let main = '';
      try {
        main = readFileSync(`entrypoints/${page}/main.tsx`, 'utf8');
      } catch {
        continue;
      }
      expect(main, page).toMatch(/localizePage\(/);
      expect(main.indexOf('localizePage(t('), page).toBeLessThan(main.indexOf('render('));
    }
  });
});

describe('the site’s text, one treatment', () => {
  it('a line inside our sentence: in quotation marks, isolated, its text the site’s alone', () => {
    const { container } = render(<SiteText text="Shared with the agent only." />);
    const el = container.querySelector('.site-text');
    expect(el?.parentElement?.classList.contains('site-said')).toBe(true);
    expect(el?.getAttribute('dir')).toBe('auto');
    expect(el?.textContent).toBe('Shared with the agent only.');
  });

  it('a name: isolated, not quoted', () => {
    const { container } = render(<SiteText text="Laptop" name />);
    expect(container.querySelector('.site-said')).toBeNull();
  });

  it('a block: the "From the site" label first, as text read out, then the site’s words isolated', () => {
    const { container } = render(<SiteQuote class="sentence" text="Ask Postgres Tuner one question." />);
    const block = container.querySelector('.site-quote.sentence');
    expect(block?.querySelector('.site-label')?.textContent).toBe('From the site');
    expect(block?.querySelector('.site-text')?.getAttribute('dir')).toBe('auto');
    expect(block?.textContent).toBe('From the site Ask Postgres Tuner one question.');
  });

  it('the fixed header: its text word for word under the site’s rule, "From the site" its accessible name', () => {
    render(<SiteHeader text="Advice only: verify before acting." />);
    const note = screen.getByRole('note', { name: 'From the site' });
    expect(note.textContent).toBe('Advice only: verify before acting.');
    expect(note.classList.contains('site-line')).toBe(true);
    expect(note.querySelector('.site-text')?.getAttribute('dir')).toBe('auto');
  });

  it('an agent card’s line the site wrote is quoted; an empty one (our words) is not', () => {
    const { container } = render(
      <>
        <UntrustedText value={{ untrustedText: 'Knows Postgres.', truncated: false }} site />
        <UntrustedText value={null} empty="Nothing said" site />
      </>,
    );
    const [said, empty] = Array.from(container.querySelectorAll('.untrusted'));
    expect(said?.parentElement?.classList.contains('site-said')).toBe(true);
    expect(empty?.classList.contains('untrusted-empty')).toBe(true);
    expect(empty?.closest('.site-said')).toBeNull();
    const css = readFileSync('components/style.css', 'utf8');
    expect(css).toMatch(/\.site-said::before\s*\{[^}]*open-quote \/ ""/);
  });
});

describe('amounts never break', () => {
  it.each(['en', 'de', 'fr', 'ar', 'ru', 'pt-BR', 'ja', 'he'])('%s: no breaking space inside an amount', (locale) => {
    for (const text of [formatCents(2850, locale), formatCents(123456789, locale), formatMicros(1_234_567, locale)]) {
      expect(text).not.toMatch(/[ \t\n]/);
    }
  });
});
