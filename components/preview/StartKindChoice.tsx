import { t } from '@/lib/i18n';

/** What the member starts from the preview: a question call, the apply call, or a plan session. */
export type StartKind = 'question' | 'apply' | 'session';

interface Props {
  kind: StartKind;
  onChoose: (kind: StartKind) => void;
  /** Whether a plan session can be opened from here. */
  sessionOffered: boolean;
  /** The site opens a session only with its first call (charged like any other). */
  sessionByCall: boolean;
}

/** The one control for what to start: each choice once, its consequence said under it when chosen. */
export function StartKindChoice({ kind, onChoose, sessionOffered, sessionByCall }: Props) {
  const kinds: StartKind[] = sessionOffered ? ['question', 'apply', 'session'] : ['question', 'apply'];
  const label: Record<StartKind, string> = {
    question: t('preview.kindQuestion'),
    apply: t('preview.kindApply'),
    session: t('preview.kindSession'),
  };
  return (
    <fieldset class="start-kind">
      <legend>{t('preview.kind')}</legend>
      {kinds.map((k) => (
        <label key={k} class="choice">
          <input type="radio" name="call-kind" value={k} checked={kind === k} onChange={() => onChoose(k)} />
          {label[k]}
        </label>
      ))}
      {kind === 'session' && sessionOffered ? (
        <p class="muted field-hint">{sessionByCall ? t('preview.kindSessionByCall') : t('preview.kindSessionHint')}</p>
      ) : null}
    </fieldset>
  );
}
