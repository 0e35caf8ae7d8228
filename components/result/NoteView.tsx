import { type UntrustedTextValue, isCut, untrustedString } from '@/lib/safety/untrusted';
import { useActions } from '@/components/common/actions';
import { SafeMarkdown } from '@/components/markdown/SafeMarkdown';
import { SiteQuote } from '@/components/common/SiteText';
import { t } from '@/lib/i18n';
import type { HeadingLevel } from '@/components/common/SubHeading';

/**
 * A result's note: untrusted Markdown read by the same safe renderer as the plan (no HTML, no images, links
 * as text with an "Open link" button for http and https only). Long notes start collapsed. "Copy this code"
 * acts only on the member's click; "Copy the answer" is in the result's row of actions. The member knows the
 * note as "the answer": its region and buttons say so.
 */
export function NoteView({ note, level }: { note: UntrustedTextValue; level: HeadingLevel }) {
  const actions = useActions();
  const text = untrustedString(note);
  return (
    <section aria-label={t('result.noteLabel')} class="note">
      <SiteQuote class="site-quote-markdown">
        <SafeMarkdown
          markdown={text}
          onOpenLink={(url) => void actions.send('openExternalUrl', { url })}
          topHeadingLevel={level}
          copyCode
          collapsible
        />
      </SiteQuote>
      {isCut(note) ? (
        <p class="cut-marker" title={t('common.cutTitle')}>
          {t('common.cutMarker')}
        </p>
      ) : null}
    </section>
  );
}
