import { type ComponentChild, Fragment } from 'preact';
import { isolated, type MessageKey, type NamesOf, splitTemplate, template } from '@/lib/i18n';

interface Props<K extends MessageKey> {
  id: K;
  /** An element for each `{name}` of the message: untrusted text, a time, a button. */
  parts: Record<NamesOf<K>, ComponentChild>;
  /** For a message with plural forms: the count that picks the form (written as `$1`). */
  count?: number;
}

/**
 * A part given as a string (an amount, a word of ours) is isolated in right-to-left languages as `t` isolates
 * its values; an element part isolates itself (the site's text and .verbatim, style.css).
 */
function isolatedPart(part: ComponentChild): ComponentChild {
  return typeof part === 'string' || typeof part === 'number' ? isolated(part) : part;
}

/**
 * A message of ours with elements inside it, where its language puts them ("Preview a call to {agent}"):
 * the words come from the locale, the elements stay elements, so untrusted text keeps its isolation.
 */
export function Message<K extends MessageKey>({ id, parts, count }: Props<K>) {
  const names = Object.keys(parts) as NamesOf<K>[];
  const pieces = splitTemplate(template(id, names, count));
  return (
    <>
      {pieces.map((piece, index) =>
        'text' in piece ? piece.text : <Fragment key={index}>{isolatedPart(parts[piece.name as NamesOf<K>])}</Fragment>,
      )}
    </>
  );
}
