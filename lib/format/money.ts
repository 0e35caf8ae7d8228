import { memberLocale } from '@/lib/i18n/locale';
import { numberFormat } from '@/lib/i18n/intl';
import { t } from '@/lib/i18n';
import type { Amount } from '@/lib/contract/tolerant';
import { amountWords } from './amount';

// Shown for money fields the contract allows to be null "while unreadable" (G12): never shown as 0.
export function notReadable(): string {
  return t('format.notReadable');
}

// The contract's money is in US dollars: cents (100 = $1) and micros (1,000,000 = $1).
const CURRENCY = 'USD';
export const MICROS_PER_CENT = 10_000;

// The dollar as the member's language places it ("$28.50", "28,50 $"), with the plain sign, never "US$": every
// amount the contract gives is in US dollars, so the sign is never ambiguous. `narrowSymbol` asks for it;
// ICU's Arabic data still writes "US$" even so (Chromium's, Firefox's and Node's differ here), so the currency
// part is written as the sign itself.
const CURRENCY_DISPLAY = 'narrowSymbol';
const SIGN = '$';

function withSign(format: Intl.NumberFormat, dollars: number): string {
  return format
    .formatToParts(dollars)
    .map((part) => (part.type === 'currency' ? SIGN : part.value))
    .join('');
}

// Intl already joins a number and its sign with no-break spaces ("28,50 $"); a plain space would still let a
// line break between them, so none is left. With style.css (no `overflow-wrap: anywhere` outside the site's
// and the member's text), an amount is never split across lines in any language.
function unbroken(amount: string): string {
  return amount.replace(/ /g, '\u00a0');
}

function isWhole(value: number): boolean {
  return Number.isFinite(value) && Number.isInteger(value);
}

/** Dollars in the member's way, with two to `maxDecimals` decimals. */
function dollarsText(dollars: number, maxDecimals: number, locale: string | undefined): string {
  const format = numberFormat(locale, {
    style: 'currency',
    currency: CURRENCY,
    currencyDisplay: CURRENCY_DISPLAY,
    minimumFractionDigits: 2,
    maximumFractionDigits: maxDecimals,
  });
  return unbroken(withSign(format, dollars));
}

export function formatCents(amount: Amount, locale: string | undefined = memberLocale()): string {
  return amountWords(amount, (cents) => centsWords(cents, locale));
}

function centsWords(cents: number, locale: string | undefined): string {
  if (!isWhole(cents)) return notReadable();
  return dollarsText(cents / 100, 2, locale);
}

// Micros carry at most six decimals of a dollar; showing up to six keeps a tiny running cost from
// reading as $0.00 while whole-cent amounts still read as usual ($1.50).
export function formatMicros(amount: Amount, locale: string | undefined = memberLocale()): string {
  return amountWords(amount, (micros) => microsWords(micros, locale));
}

function microsWords(micros: number, locale: string | undefined): string {
  if (!isWhole(micros)) return notReadable();
  return dollarsText(micros / 1_000_000, 6, locale);
}

export function formatCentsOrUnreadable(
  cents: Amount | null | undefined,
  locale: string | undefined = memberLocale(),
): string {
  if (cents === null || cents === undefined) return notReadable();
  return formatCents(cents, locale);
}

// Dollars typed by the member ("2.50", "3") to whole cents; null when it is not a positive amount
// of at most two decimals. The contract wants maxCents ≥ 1.
export function dollarsToCents(input: string): number | null {
  let text = input.trim().replace(/^\$/, '').trim();
  // A decimal comma, as many languages write it ("2,50"); "1,000" stays refused rather than misread.
  if (!text.includes('.') && /^\d*,\d{1,2}$/.test(text)) text = text.replace(',', '.');
  if (!/^\d+(\.\d{0,2})?$|^\.\d{1,2}$/.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  const cents = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents) || cents < 1) return null;
  return cents;
}
