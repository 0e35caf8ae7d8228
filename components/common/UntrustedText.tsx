import type { UntrustedTextValue } from '@/lib/safety/untrusted';
import { isCut, untrustedString } from '@/lib/safety/untrusted';

interface Props {
  value: UntrustedTextValue | null | undefined;
  /** Block text (notes, details) keeps its line breaks; inline text (names) flows in a sentence. */
  block?: boolean;
  /** Shown when the value is null or empty, in the panel's own words. */
  empty?: string;
  class?: string;
}

/**
 * Untrusted text as text: a text node only, never HTML and never Markdown, so markup, links and
 * scripts in it are shown as the characters they are. A cut text carries a visible marker.
 */
export function UntrustedText({ value, block = false, empty, class: extra }: Props) {
  const text = untrustedString(value);
  const cut = isCut(value);
  const Tag = block ? 'div' : 'span';
  const className = ['untrusted', block ? 'untrusted-block' : '', extra ?? ''].filter(Boolean).join(' ');
  if (!text && !cut) {
    return <Tag class={`${className} untrusted-empty`}>{empty ?? ''}</Tag>;
  }
  return (
    <Tag class={className}>
      {text}
      {cut ? (
        <span class="cut-marker" title="The site cut this text at its length limit">
          {' '}
          … (cut)
        </span>
      ) : null}
    </Tag>
  );
}

