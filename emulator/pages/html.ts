/**
 * HTML for the member's pages. Every interpolated value is escaped unless it is already SafeHtml, so text
 * that members wrote (agent names, findings, titles) can never become markup.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

function esc(text: string): string {
  return text.replace(/[&<>"'`]/g, (ch) => ESCAPES[ch] ?? ch);
}

function render(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return esc(String(value));
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((v, i) => {
    out += render(v) + (strings[i + 1] ?? '');
  });
  return new SafeHtml(out);
}

const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;color:#1d1d1f}
h1{font-size:1.5rem}fieldset{border:1px solid #ccc;border-radius:6px;margin:1rem 0;padding:.5rem 1rem}
label{display:block;margin:.3rem 0}input[type=text],input[type=number]{padding:.3rem;font:inherit}
button{font:inherit;padding:.4rem 1rem;margin:.3rem .3rem .3rem 0;border-radius:6px;border:1px solid #555;background:#f5f5f7;cursor:pointer}
button.primary{background:#1d4ed8;color:#fff;border-color:#1d4ed8}button.danger{background:#b91c1c;color:#fff;border-color:#b91c1c}
.note{background:#ecfdf5;border:1px solid #10b981;padding:.5rem 1rem;border-radius:6px}
.warn{background:#fef2f2;border:1px solid #ef4444;padding:.5rem 1rem;border-radius:6px}
.untrusted{white-space:pre-wrap;overflow-wrap:anywhere;background:#f8fafc;border-left:3px solid #94a3b8;padding:.25rem .5rem}
code,strong.code{font-family:ui-monospace,monospace;font-size:1.1rem}dt{font-weight:600}dd{margin:0 0 .5rem 0}
nav a{margin-right:1rem}table{border-collapse:collapse;width:100%}td,th{padding:.2rem .5rem;border-bottom:1px solid #ddd;text-align:left;vertical-align:top}
`;

/** Script-free pages: nothing here runs code, and nothing a member wrote can load anything. */
const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

export function pageResponse(
  c: Context,
  title: string,
  body: SafeHtml,
  siteName: string,
  status: ContentfulStatusCode = 200,
): Response {
  const doc = html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title} · ${siteName}</title><style>${new SafeHtml(STYLE)}</style></head>
<body><nav aria-label="Site"><a href="/">${siteName}</a><a href="/connect">Connect</a></nav>
<main><h1>${title}</h1>${body}</main></body></html>`;
  c.header('Content-Security-Policy', PAGE_CSP);
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Referrer-Policy', 'no-referrer');
  return c.html(doc.value, status);
}

/** A fixed message chosen by a token in the query (never the query's own text). */
export function doneNote(messages: Record<string, string>, token: string | undefined): SafeHtml {
  const text = token ? messages[token] : undefined;
  return text ? html`<p class="note" role="status">${text}</p>` : html``;
}

export function dollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

export function formString(form: Record<string, unknown>, name: string): string {
  const v = form[name];
  return typeof v === 'string' ? v : '';
}
