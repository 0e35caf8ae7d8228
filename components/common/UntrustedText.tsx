import type { VNode } from 'preact';
import { useState } from 'preact/hooks';
import { type UntrustedTextValue, isCut, untrustedString } from '@/lib/safety/untrusted';
import { collapsedText, NAME_CHARS, shortenedText } from '@/lib/format/clamp';
import { t } from '@/lib/i18n';
import { Quoted } from './SiteText';

interface Props {
  value: UntrustedTextValue | null | undefined;
  /** Block text (notes, details) keeps its line breaks; inline text (names) flows in a sentence. */
  block?: boolean;
  /** Shown when the value is null or empty, in the panel's own words. */
  empty?: string;
  class?: string;
  /** A name (agent, project): cut at NAME_CHARS with "…", the whole name in its tooltip. Other long text,
   * block or inline, starts collapsed with "Show more". */
  name?: boolean;
  /** Long text starts collapsed at this many characters (default COLLAPSED_CHARS): a card's lines stay short. */
  collapseAt?: number;
  /** A line the site wrote, inline: drawn in quotation marks as SiteText draws one (Quoted). */
  site?: boolean;
}

/**
 * Untrusted text as text: a text node only, never HTML and never Markdown, so markup, links and scripts in
 * it are shown as the characters they are. A cut text carries a visible marker. The element is isolated
 * (dir="auto", unicode-bidi: isolate) so right-to-left text in it cannot reorder the panel's words around it,
 * and marked translate="no" so a page translator leaves it as sent;
 * long text is shown collapsed with "Show more", since a server may send more than it should.
 */
export function UntrustedText({
  value,
  block = false,
  empty,
  class: extra,
  name = false,
  collapseAt,
  site = false,
}: Props) {
  const [expanded, setExpanded] = useState(false);
  const text = untrustedString(value);
  const cut = isCut(value);
  const Tag = block ? 'div' : 'span';
  const className = ['untrusted', block ? 'untrusted-block' : '', extra ?? ''].filter(Boolean).join(' ');
  if (!text && !cut) {
    return <Tag class={`${className} untrusted-empty`}>{empty ?? ''}</Tag>;
  }
  // The marks go around the isolate, never inside it (Quoted).
  const quoted = (own: VNode) => (site && !block ? <Quoted>{own}</Quoted> : own);
  const marker = cut ? (
    <span class="cut-marker" title={t('common.cutTitle')}>
      {' '}
      {t('common.cutMarker')}
    </span>
  ) : null;
  if (name) {
    const short = shortenedText(text, NAME_CHARS);
    return quoted(
      <span class={className} dir="auto" translate={false} title={short === null ? undefined : text}>
        {short ?? text}
        {marker}
      </span>,
    );
  }
  const collapsed = collapsedText(text, collapseAt);
  const shown = collapsed === null || expanded ? text : collapsed;
  return (
    <>
      {quoted(
        <Tag class={className} dir="auto" translate={false}>
          {shown}
          {/* One ellipsis: a cut text's marker starts with its own. */}
          {shown !== text && !cut ? '…' : null}
          {marker}
        </Tag>,
      )}
      {collapsed === null ? null : ' '}
      {collapsed === null ? null : (
        <button
          type="button"
          class="link-like show-more"
          aria-expanded={expanded}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? t('common.showLess') : t('common.showMore')}
        </button>
      )}
    </>
  );
}
