import { useState } from 'preact/hooks';
import { Disclosure } from '@/components/common/Disclosure';
import { dollarsToCents } from '@/lib/format/money';
import { t } from '@/lib/i18n';

export type MaxCheck = { ok: true; cents: number | null } | { ok: false };

/** "Spend at most" as typed: empty is none, else whole cents; not an amount is not ok (the start waits). */
export function checkSpendAtMost(input: string): MaxCheck {
  if (!input.trim()) return { ok: true, cents: null };
  const cents = dollarsToCents(input);
  return cents === null ? { ok: false } : { ok: true, cents };
}

/** A maxCents as the member types it ("2.50"), empty for none. */
export function dollarsOf(cents: number | null): string {
  return cents === null ? '' : (cents / 100).toFixed(2);
}

/** The "Spend at most" field of every call the member starts: the preview's and a session's. */
export function SpendAtMost({ id, value, onInput }: { id: string; value: string; onInput: (value: string) => void }) {
  const ok = checkSpendAtMost(value).ok;
  return (
    <>
      <label for={id}>{t('preview.maxLabel')}</label>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        placeholder={t('preview.maxPlaceholder')}
        value={value}
        onInput={(e) => onInput(e.currentTarget.value)}
        aria-invalid={!ok}
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} class={ok ? 'muted field-hint' : 'error-text'}>
        {ok ? t('preview.maxHint') : t('preview.maxInvalid')}
      </p>
    </>
  );
}

/**
 * A session's "Spend at most", folded as in the preview: the money block above already says what the call
 * holds. Its toggle names the call it limits (`label`: a session view shows two, the plan's and a question's).
 * Open from the start when a limit is set (the session's first call's), and open while what is typed is not an
 * amount, so the reason a start waits is never hidden.
 */
export function FoldedSpendAtMost({
  label,
  ...field
}: {
  label: string;
  id: string;
  value: string;
  onInput: (value: string) => void;
}) {
  const [open, setOpen] = useState(field.value.trim() !== '');
  const invalid = !checkSpendAtMost(field.value).ok;
  return (
    <Disclosure label={label} open={open || invalid} onToggle={setOpen}>
      <SpendAtMost {...field} />
    </Disclosure>
  );
}
