import { useState } from 'preact/hooks';
import { useActions } from './actions';
import { t } from '@/lib/i18n';

interface Props {
  text: string;
  /** What is copied, for the accessible name: "Copy the answer", "Copy this code". */
  label: string;
  /** The view's one main action (a result's "Copy the result"): filled; the others are outlined. */
  primary?: boolean;
}

/** Copies text the member chose to copy; nothing is copied, opened or run unless they click. */
export function CopyButton({ text, label, primary = false }: Props) {
  const actions = useActions();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <span class="copy">
      <button
        type="button"
        class={primary ? 'small' : 'secondary small'}
        onClick={async () => {
          setState((await actions.copyText(text)) ? 'copied' : 'failed');
        }}
      >
        {label}
      </button>
      <span role="status" class="muted">
        {state === 'copied' ? t('common.copied') : state === 'failed' ? t('common.copyRefused') : ''}
      </span>
    </span>
  );
}
