import { type UntrustedTextValue, isCut, untrustedString } from '@/lib/safety/untrusted';
import { useActions } from '@/components/common/actions';
import { CopyButton } from '@/components/common/CopyButton';
import { SafeMarkdown } from '@/components/markdown/SafeMarkdown';
import { t } from '@/lib/i18n';

/**
 * A result's note: untrusted Markdown read by the same safe renderer as the plan (no HTML, no images, links
 * as text with an "Open link" button for http and https only). Long notes start collapsed. "Copy the note"
 * and "Copy this code" act only on the member's click.
 */
export function NoteView({ note }: { note: UntrustedTextValue }) {
  const actions = useActions();
  const text = untrustedString(note);
  return (
    <section aria-label={t('result.noteLabel')} class="note">
      <SafeMarkdown
        markdown={text}
        onOpenLink={(url) => void actions.send('openExternalUrl', { url })}
        topHeadingLevel={3}
        copyCode
        collapsible
      />
      {isCut(note) ? (
        <p class="cut-marker" title={t('common.cutTitle')}>
          {t('common.cutMarker')}
        </p>
      ) : null}
      <CopyButton text={text} label={t('result.copyNote')} />
    </section>
  );
}
