// @vitest-environment happy-dom
/**
 * The site's text inside our right-to-left sentences (issue 56): a blind review of the Arabic panel saw
 * "”Handed in a result“" and "?Which index…". Each piece of the site's text is an isolate in its own direction
 * (dir="auto"), its quotation marks outside it in the direction of our sentence, each paragraph of a block in
 * its own direction; a value put into one of our messages as a string is wrapped in FSI…PDI.
 */
import { readFileSync } from 'node:fs';
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { Message } from '@/components/common/Message';
import { SiteText } from '@/components/common/SiteText';
import { UntrustedText } from '@/components/common/UntrustedText';
import { SafeMarkdown } from '@/components/markdown/SafeMarkdown';
import { ResultTitle } from '@/components/result/ResultTitle';
import { t, tnNamed } from '@/lib/i18n';
import { makeResult, ut } from '@/test/unit/components/fixtures';
import { setTestLocale } from '@/test/unit/setup/i18n';
import { pageHoldsText } from '@/testing/browser/driver';
import { wordsFor } from '@/testing/words';

afterEach(cleanup);

const FSI = '\u2068';
const PDI = '\u2069';

/** The declarations of every stylesheet rule whose selector list holds `selector`, comments removed. */
function rule(selector: string): string {
  const css = readFileSync('components/style.css', 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  return Array.from(css.matchAll(/([^{}]+)\{([^}]*)\}/g))
    .filter((m) => (m[1] ?? '').split(',').some((s) => s.trim() === selector))
    .map((m) => m[2])
    .join('\n');
}

/** An element drawn as a quotation of the site's text: the marks' element around an isolate of its own. */
function expectQuotedIsolate(el: HTMLElement): void {
  expect(el.getAttribute('dir')).toBe('auto');
  const marks = el.parentElement;
  expect(marks?.classList.contains('site-said')).toBe(true);
  // The marks take the direction of our sentence: their element sets none of its own.
  expect(marks?.hasAttribute('dir')).toBe(false);
  // The marks are drawn by the stylesheet, never part of the site's text.
  expect(el.textContent).not.toMatch(/[“”«»"]/);
}

describe('in Arabic, the site’s text keeps its own direction', () => {
  it('an English call name, quoted in an Arabic result: an isolate inside the quotation marks', () => {
    setTestLocale('ar');
    render(
      <ResultTitle
        result={makeResult({ untrustedCallName: ut('Handed in a result') })}
        holdCents={null}
        live={false}
        headed
        named
      />,
    );
    expectQuotedIsolate(screen.getByText('Handed in a result'));
  });

  it('a question the site asks and a line it wrote: isolated, quoted outside the isolate', () => {
    setTestLocale('ar');
    render(
      <>
        <UntrustedText value={ut('Which index should I add?')} site />
        <SiteText text="Shared with the agent only." />
      </>,
    );
    expectQuotedIsolate(screen.getByText('Which index should I add?'));
    expectQuotedIsolate(screen.getByText('Shared with the agent only.'));
  });

  it('a name is isolated and not quoted', () => {
    setTestLocale('ar');
    render(<UntrustedText value={ut('Postgres Tuning Guild')} name />);
    const name = screen.getByText('Postgres Tuning Guild');
    expect(name.getAttribute('dir')).toBe('auto');
    expect(name.closest('.site-said')).toBeNull();
  });

  it('the stylesheet isolates the marks in our sentence’s direction and gives Arabic «»', () => {
    expect(rule('.site-said')).toMatch(/unicode-bidi:\s*isolate/);
    expect(rule('.site-said:lang(ar)')).toMatch(/quotes:\s*"«"\s*"»"/);
    expect(rule('.site-said::before')).toMatch(/open-quote/);
    expect(rule('.site-said::after')).toMatch(/close-quote/);
  });

  it('each paragraph of the site’s Markdown (a result’s answer) takes its own direction; code reads left to right', () => {
    setTestLocale('ar');
    const { container } = render(
      <SafeMarkdown
        markdown={'هذه هي الخطة.\n\nWhich index should I add?\n\n- Add an index.\n\n```\nSELECT 1;\n```'}
        onOpenLink={() => undefined}
      />,
    );
    const paragraphs = Array.from(container.querySelectorAll('p, li'));
    expect(paragraphs.map((p) => p.textContent)).toEqual([
      'هذه هي الخطة.',
      'Which index should I add?',
      'Add an index.',
    ]);
    for (const p of paragraphs) expect(p.getAttribute('dir')).toBe('auto');
    expect(container.querySelector('pre')?.getAttribute('dir')).toBe('ltr');
  });

  it('each paragraph of a block of the site’s plain text (a finding’s takeaway, an option) too', () => {
    setTestLocale('ar');
    const { container } = render(<UntrustedText value={ut('هذا هو الملخص.\nWhich index?')} block />);
    expect(container.querySelector('.untrusted-block')?.getAttribute('dir')).toBe('auto');
    // A line break ends a paragraph; plaintext gives each its own direction, as dir="auto" per line would.
    expect(rule('.untrusted-block')).toMatch(/unicode-bidi:\s*plaintext/);
  });
});

describe('in Arabic, a site string inside our message is isolated', () => {
  it('t() wraps each value in FSI…PDI, so the name’s punctuation stays at its end', () => {
    setTestLocale('ar');
    const label = t('agentCard.previewLabel', { agent: 'C++ Guild (beta).' });
    expect(label).toContain(`${FSI}C++ Guild (beta).${PDI}`);
    expect(label.startsWith('معاينة')).toBe(true);
  });

  it('a plural message’s names too (the count is ours, written by Intl)', () => {
    setTestLocale('ar');
    expect(tnNamed('findings.draftFor', 2, { agent: 'Postgres Tuning Guild' })).toContain(
      `${FSI}Postgres Tuning Guild${PDI}`,
    );
  });

  it('a message with elements: a string part is wrapped, an element part is an isolate of its own', () => {
    setTestLocale('ar');
    const { container } = render(
      <>
        <p data-testid="string">
          <Message id="agentCard.previewLabel" parts={{ agent: 'Postgres Tuning Guild' }} />
        </p>
        <p data-testid="element">
          <Message
            id="agentCard.previewLabel"
            parts={{ agent: <UntrustedText value={ut('Postgres Tuning Guild')} name /> }}
          />
        </p>
      </>,
    );
    expect(screen.getByTestId('string').textContent).toContain(`${FSI}Postgres Tuning Guild${PDI}`);
    const element = screen.getByTestId('element');
    expect(element.textContent).not.toContain(FSI);
    expect(element.querySelector('[dir="auto"]')?.textContent).toBe('Postgres Tuning Guild');
    expect(container.textContent).toContain('معاينة');
  });

  it('in a left-to-right language the value is left as it is', () => {
    setTestLocale('en');
    expect(t('agentCard.previewLabel', { agent: 'Postgres Tuning Guild' })).toBe(
      'Preview a call to Postgres Tuning Guild',
    );
    setTestLocale('de');
    expect(t('agentCard.previewLabel', { agent: 'X' })).not.toMatch(/[\u2068\u2069]/);
  });

  it('Hebrew too', () => {
    setTestLocale('he');
    expect(t('agentCard.previewLabel', { agent: 'Guild' })).toContain(`${FSI}Guild${PDI}`);
  });
});

describe('the browser tests find the words as the panel writes them', () => {
  it('a name in the words the steps click by is isolated as the panel isolates it', async () => {
    setTestLocale('ar');
    const w = await wordsFor('ar');
    expect(w('agentCard.previewLabel', { agent: 'Postgres Tuning Guild' })).toBe(
      t('agentCard.previewLabel', { agent: 'Postgres Tuning Guild' }),
    );
    setTestLocale('de');
    expect((await wordsFor('de'))('agentCard.previewLabel', { agent: 'X' })).toBe(
      t('agentCard.previewLabel', { agent: 'X' }),
    );
  });

  it('a text is found with its isolates or without them (Firefox renders none)', () => {
    document.body.innerHTML = '<p>معاينة استدعاء إلى Postgres Tuning Guild</p>';
    expect(pageHoldsText(`إلى ${FSI}Postgres Tuning Guild${PDI}`)).toBe(true);
    document.body.innerHTML = `<p>إلى ${FSI}Postgres${PDI}</p>`;
    expect(pageHoldsText('إلى Postgres')).toBe(true);
    expect(pageHoldsText('إلى Guild')).toBe(false);
    document.body.innerHTML = '';
  });
});

describe('the Arabic locale file quotes in Arabic order', () => {
  // The words are the Arabic reader's (branch lang-ar); the rule is what the stylesheet's marks match.
  it('uses «» and never “ or ”', () => {
    const ar = readFileSync('locales/ar.yml', 'utf8');
    expect(ar).not.toMatch(/[“”]/);
    expect(ar).toContain('«');
  });
});
