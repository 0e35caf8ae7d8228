import type { CallResult } from '@/lib/contract/calls';
import type { CallRow } from '@/lib/db/tables/calls';
import { isCut, untrustedString } from '@/lib/safety/untrusted';
import { t } from '@/lib/i18n';
import { headerToShow } from './header';
import { resultLine } from './status-line';

/** Each line of `text` behind "> ": a quote that ends where the text ends, blank lines included. */
function quote(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n');
}

/**
 * A file's name as a code span, so a name shaped like a link or emphasis stays the name it is when the copy
 * is read as Markdown: fenced by one backtick more than its longest run, padded when it starts or ends with one.
 */
function codeSpan(text: string): string {
  const longest = Math.max(0, ...Array.from(text.matchAll(/`+/g), (m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') || text === '' ? ' ' : '';
  return `${fence}${pad}${text.replace(/\r?\n/g, ' ')}${pad}${fence}`;
}

/**
 * The whole result as Markdown, as the member would paste it: the fixed header line first (word for word, as
 * shown), the status and charge (as the panel says them), what was asked, the answer, why it failed, and the
 * files by name (never their links, which are signed and short-lived). The site's text is copied as it was
 * sent, the note included (it is Markdown already); nothing in it is rendered, followed or run here.
 */
export function resultMarkdown(call: CallRow, result: CallResult): string {
  const parts: string[] = [quote(headerToShow(result.header)), resultLine(result, call.holdCents)];
  const question = call.request.question?.trim() ?? '';
  const details = call.request.details?.trim() ?? '';
  const asked = question || details;
  if (asked) parts.push(`**${question ? t('preview.question') : t('result.yourDetails')}**`, quote(asked));
  const note = untrustedString(result.note);
  if (note.trim()) {
    parts.push(`**${t('result.noteLabel')}**`, note.trim());
    if (isCut(result.note)) parts.push(t('common.cutMarker'));
  }
  if (result.partial) parts.push(t('result.partial'));
  if (result.failReason) parts.push(`**${t('result.whyFailed').trim()}** ${result.failReason}`);
  if (result.files.length > 0) {
    parts.push(
      `**${t('files.label')}**`,
      result.files.map((file) => `- ${codeSpan(untrustedString(file.untrustedPath))}`).join('\n'),
    );
  }
  return `${parts.join('\n\n')}\n`;
}
