import { browser } from 'wxt/browser';
import POLICY from '@/docs/PRIVACY.md?raw';
import { SafeMarkdown } from '@/components/markdown/SafeMarkdown';
import { t } from '@/lib/i18n';

/** The policy's title line, shown as the page's h1; the rest is the document as written. */
const [TITLE_LINE = '', ...REST] = POLICY.split('\n');

/**
 * The privacy policy inside the extension, from the same file as the store listing's (docs/PRIVACY.md), so
 * the two never differ. Rendered by the safe Markdown reader: no HTML, links shown as text with a button.
 */
export function PrivacyPage() {
  return (
    <main class="privacy">
      {/* The policy is one English document, the one the stores publish; a note in the member's language says so. */}
      <p class="muted">{t('privacyPage.inEnglish')}</p>
      <div class="document" lang="en">
        <h1>{TITLE_LINE.replace(/^#\s*/, '')}</h1>
        <SafeMarkdown
          markdown={REST.join('\n')}
          topHeadingLevel={2}
          onOpenLink={(url) => void browser.tabs.create({ url })}
        />
      </div>
    </main>
  );
}
