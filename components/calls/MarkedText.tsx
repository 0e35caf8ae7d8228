import { markedParts } from '@/lib/history/search';

interface Props {
  /** Text as shown: untrusted text already through untrustedString (cleaned of hidden controls). */
  text: string;
  /** The member's words; null marks nothing. */
  pattern: RegExp | null;
  class?: string;
}

/**
 * A text with the member's search words marked. The text (an answer's note is untrusted) is split into strings
 * and each is a text node, the words found wrapped in <mark>: never HTML. Isolated and left untranslated as
 * UntrustedText is, so a right-to-left name cannot reorder the row's words and a page translator leaves it as sent.
 */
export function MarkedText({ text, pattern, class: extra }: Props) {
  return (
    <span class={['untrusted', extra ?? ''].filter(Boolean).join(' ')} dir="auto" translate={false}>
      {markedParts(text, pattern).map((part, i) =>
        // The parts of a text never change order: their index is their key.
        part.marked ? <mark key={i}>{part.text}</mark> : part.text,
      )}
    </span>
  );
}
