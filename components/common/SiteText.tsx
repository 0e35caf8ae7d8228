import type { ComponentChildren } from 'preact';
import { t } from '@/lib/i18n';

/**
 * Text the site wrote, shown as the site sent it: text only, never translated (translate="no" keeps a page
 * translator off it too), and isolated (dir="auto", unicode-bidi: isolate) so its direction cannot reorder the
 * panel's words around it. The site's treatment lives here and in style.css's "The site's text" section, the
 * same on every view:
 * - a line the site wrote inside our sentence (the privacy line, the approval line, a check's label, a
 *   refusal, a failure's reason) is drawn in quotation marks of the member's language (`Quoted`);
 * - a name (the connection's, an agent's) is only isolated: a name is not a quotation (`name`).
 */
export function SiteText({ text, name = false }: { text: string; name?: boolean }) {
  const own = (
    <span class="site-text" dir="auto" translate={false}>
      {text}
    </span>
  );
  return name ? own : <Quoted>{own}</Quoted>;
}

/**
 * Quotation marks of the member's language around an isolated piece of the site's text (.site-said: the marks
 * are generated and not read out, so accessible names stay the site's words). The marks sit outside the
 * text's own isolate, in the direction of our sentence: inside it, an English line in an Arabic sentence would
 * take them left to right and show the closing mark first ("”Handed in a result“").
 */
export function Quoted({ children }: { children: ComponentChildren }) {
  return <span class="site-said">{children}</span>;
}

/** The small "From the site" label a block of the site's text starts with: real text, read out before it. */
function SiteLabel() {
  return <span class="site-label">{t('siteText.from')}</span>;
}

/**
 * A block of the site's text (the sentence before a call, the first step's privacy line, the disclosure, a
 * result's note, a plan): a rule on its inline-start side and the "From the site" label on its
 * first line (no line of its own), then `text` isolated, or `children` (the note's Markdown, its own blocks).
 */
export function SiteQuote({
  text,
  children,
  class: extra,
}: {
  text?: string;
  children?: ComponentChildren;
  class?: string;
}) {
  return (
    <div class={extra ? `site-quote ${extra}` : 'site-quote'}>
      <SiteLabel />{' '}
      {text === undefined ? null : (
        <span class="site-text" dir="auto" translate={false}>
          {text}
        </span>
      )}
      {children}
    </div>
  );
}

/**
 * The fixed header line (a result's, a plan's): word for word, so the element's text is the site's line and
 * nothing else. It carries the site's rule and its shield, not the label: the label would wrap the line onto
 * a third row and push the answer off the first screen; assistive technology hears "From the site" as the
 * note's name before the line.
 */
export function SiteHeader({ text }: { text: string }) {
  return (
    <p class="result-header site-line" role="note" aria-label={t('siteText.from')}>
      <span class="site-text" dir="auto" translate={false}>
        {text}
      </span>
    </p>
  );
}

/**
 * The site's choices in one of our forms (a session question's options): a group behind the site's rule on its
 * inline-start side, named "From the site", heard on the way into it rather than shown: shown, it would repeat
 * on every question down the form, whose quoted question already says whose words these are.
 */
export function SiteChoices({ children }: { children: ComponentChildren }) {
  return (
    <fieldset class="site-quote site-choices" aria-label={t('siteText.from')}>
      {children}
    </fieldset>
  );
}
